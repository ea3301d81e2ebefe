import Foundation
import HotelXML
import Testing

@testable import HotelSOAP

/// A page written from `RenderedHotel`s must be the page the plain writer writes.
@Suite("RenderedHotel")
struct RenderedHotelTests {
    @Test("the same bytes as writing each hotel, with or without a distance, on random hotels", arguments: SOAPVersion.allCases)
    func sameBytes(version: SOAPVersion) throws {
        var rng = SplitMix64(seed: 0x5245_4E44)
        for round in 0..<200 {
            var hotels = (0..<Int.random(in: 0...12, using: &rng)).map { _ in RandomText.hotel(&rng) }
            for i in hotels.indices where Bool.random(using: &rng) {
                hotels[i].distanceKm = [0, 0.25, 1e-7, 19_999.9, 3.141_592_653_589_793][Int.random(in: 0..<5, using: &rng)]
            }
            let page = SearchPage(totalCount: 1000, offset: 40, hotels: hotels)
            let plain = try SOAPResponseWriter.searchResults(page, version: version)
            var writer = SOAPResponseWriter(version: version)
            writer.beginSearchResults(totalCount: page.totalCount, offset: page.offset)
            for hotel in hotels {
                // Written without its distance, as the cache keeps it; the distance comes per page.
                try writer.append(try RenderedHotel(hotel), distanceKm: hotel.distanceKm)
            }
            #expect(writer.finishSearchResults() == plain, "round \(round)")
        }
    }

    @Test("a character XML cannot carry is refused as the plain writer refuses it")
    func refused() {
        var rng = SplitMix64(seed: 5)
        var hotel = RandomText.hotel(&rng)
        hotel.name = "bad\u{1}name"
        let error = #expect(throws: XMLWriterError.self) { try RenderedHotel(hotel) }
        #expect(error?.field == "Name")
        var writer = SOAPResponseWriter(version: .v11)
        #expect(throws: XMLWriterError.self) { try writer.append(hotel) }
    }
}

@Suite("HotelInfo")
struct HotelInfoTests {
    @Test("equalsIgnoringDistance compares every stored property but distanceKm")
    func comparesEveryField() throws {
        var rng = SplitMix64(seed: 11)
        let hotel = RandomText.hotel(&rng)
        let stored = Mirror(reflecting: hotel).children.compactMap(\.label)
        #expect(Set(stored) == Set(HotelInfo.comparedIgnoringDistance + ["distanceKm"]))
        var moved = hotel
        moved.distanceKm = (hotel.distanceKm ?? 0) + 1
        #expect(hotel.equalsIgnoringDistance(moved) && hotel != moved)
        // One changed field at a time is told apart.
        var changes: [(String, @Sendable (inout HotelInfo) -> Void)] = [
            ("id", { $0.id += "x" }), ("name", { $0.name += "x" }), ("address", { $0.address += "x" }), ("city", { $0.city += "x" }),
            ("country", { $0.country += "x" }), ("latitude", { $0.latitude += 1 }), ("longitude", { $0.longitude += 1 }),
            ("stars", { $0.stars += 1 }), ("price", { $0.price = Money(parsing: "1.25", "XTS")! }),
            ("logoURL", { $0.logoURL = ($0.logoURL ?? "") + "x" }), ("phone", { $0.phone = ($0.phone ?? "") + "x" }),
            ("amenities", { $0.amenities.append("x") }),
        ]
        changes.append(
            (
                "rooms",
                {
                    $0.rooms.append(
                        RoomOffer(
                            roomTypeCode: "X", roomName: nil, ratePlanCode: nil, total: Money(parsing: "1", "EUR")!, includesTaxes: true))
                }
            ))
        #expect(Set(changes.map(\.0)) == Set(HotelInfo.comparedIgnoringDistance))
        for (field, change) in changes {
            var other = hotel
            change(&other)
            #expect(!hotel.equalsIgnoringDistance(other), "\(field)")
        }
    }
}
