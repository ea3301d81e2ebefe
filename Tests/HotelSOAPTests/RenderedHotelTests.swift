import Foundation
import HotelSOAP
import Testing

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
