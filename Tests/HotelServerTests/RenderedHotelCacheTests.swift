import Foundation
import HotelSOAP
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

/// The server keeps hotels written as XML (`RenderedHotelCache`): an entry must only ever
/// stand for the very hotel, under the very address, it was written from.
@Suite("RenderedHotelCache")
struct RenderedHotelCacheTests {
    static let hotel = HotelInfo(
        id: "H0000001", name: "Hotel & Spa", address: "1 Via Roma", city: "Rome", country: "IT", latitude: 41.9, longitude: 12.5,
        stars: 4, price: Money(parsing: "129.50", "EUR")!, distanceKm: 2.5, logoURL: "/logos/H0000001.png", phone: "+39 06 1234",
        amenities: ["wifi", "pool"])

    func page(_ rendered: RenderedHotel, distance: Double?) throws -> SearchPage {
        var writer = SOAPResponseWriter(version: .v11)
        writer.beginSearchResults(totalCount: 1, offset: 0)
        try writer.append(rendered, distanceKm: distance)
        return try SOAPMessageParser.parseSearchPage(writer.finishSearchResults())
    }

    /// The hotel `rendered` holds, read back from its bytes without a distance.
    func written(_ rendered: RenderedHotel) throws -> HotelInfo {
        try #require(try page(rendered, distance: nil).hotels.first)
    }

    @Test("a hit is the same hotel; a changed field, another address or a colliding id is written afresh")
    func onlyTheSameHotel() throws {
        let cache = RenderedHotelCache(capacity: 1)  // every id shares the one slot
        let address = ServerAddress("http://a.example")
        let first = try cache.rendered(Self.hotel, address: address)
        #expect(try written(first).logoURL == "http://a.example/logos/H0000001.png")
        #expect(try written(first).distanceKm == nil)
        #expect(try page(first, distance: 2.5).hotels.first == address.absolutize(Self.hotel))

        var renamed = Self.hotel
        renamed.name = "Hotel & Spa (renovated)"
        #expect(try written(cache.rendered(renamed, address: address)).name == renamed.name)
        #expect(try written(cache.rendered(Self.hotel, address: address)).name == Self.hotel.name)

        var other = Self.hotel
        other.id = "H0000002"
        #expect(try written(cache.rendered(other, address: address)).id == "H0000002")

        address.set("https://b.example")
        #expect(try written(cache.rendered(Self.hotel, address: address)).logoURL == "https://b.example/logos/H0000001.png")
        #expect(cache.count == 1)
    }

    @Test("the distance is the query's, not the one the hotel was first written with")
    func distancePerQuery() throws {
        let cache = RenderedHotelCache()
        let address = ServerAddress("http://a.example")
        _ = try cache.rendered(Self.hotel, address: address)
        var farther = Self.hotel
        farther.distanceKm = 7.25
        let again = try cache.rendered(farther, address: address)
        #expect(try page(again, distance: 7.25).hotels.first?.distanceKm == 7.25)
        #expect(try page(again, distance: nil).hotels.first?.distanceKm == nil)
        #expect(cache.count == 1)
    }
}
