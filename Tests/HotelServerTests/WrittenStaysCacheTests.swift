import Foundation
import HotelSOAP
import Testing

@testable import HotelCatalogs
@testable import HotelServer

/// `/ota` keeps each hotel's stays priced and written (`WrittenStaysCache`): a page made from
/// it must be the very bytes a fresh one would be, and an entry must only ever serve the hotel
/// and the terms it was written for.
@Suite("WrittenStaysCache")
struct WrittenStaysCacheTests {
    static let start = CalendarDate("2027-03-01")!

    static func hotel(_ id: String, stars: Int, price: String = "120.50", currency: String = "EUR") -> HotelInfo {
        HotelInfo(
            id: id, name: "Hôtel <\(id)> & Co", address: "1 Rue \(id)", city: "Paris", country: "FR", latitude: 48.85, longitude: 2.35,
            stars: stars, price: Money(Decimal(string: price)!, currency))
    }

    static func pricing(nights: Int = 2, currency: String? = nil) -> OTAPricing {
        OTAPricing(
            adults: 2, children: 1, rooms: 2, nights: nights, start: start, end: start.adding(days: nights),
            currency: currency.flatMap(Currencies.info))
    }

    static func page(_ written: [WrittenRoomStays], more: String?) throws -> [UInt8] {
        try OTAAvailResponseWriter.success(
            version: .v12, echoToken: "e", timeStamp: "2026-11-28T12:00:00Z", warnings: [], written: written, more: more)
    }

    @Test("a page from the cache is the page written fresh, byte for byte, with and without a next-page token")
    func sameBytes() throws {
        let hotels = [Self.hotel("H1", stars: 5), Self.hotel("H2", stars: 2), Self.hotel("H3", stars: 3, price: "9000", currency: "JPY")]
        let pricing = Self.pricing(currency: "USD")
        let cache = WrittenStaysCache()
        let first = try cache.written(hotels, pricing: pricing)
        let second = try cache.written(hotels, pricing: pricing)
        #expect(first.hits == 0 && second.hits == 3)
        #expect(zip(first.written, second.written).allSatisfy { $0 === $1 }, "the second page reuses what the first wrote")
        for more in [nil, "tok&en\"<1>"] {
            let fresh = try OTAAvailResponseWriter.success(
                version: .v12, echoToken: "e", timeStamp: "2026-11-28T12:00:00Z", warnings: [],
                stays: hotels.flatMap { pricing.stays($0)! }, more: more)
            #expect(try Self.page(second.written, more: more) == fresh)
            #expect(
                String(decoding: fresh, as: UTF8.self).contains(
                    more.map { _ in "MoreDataEchoToken=\"tok&amp;en&quot;&lt;1&gt;\"" } ?? "<RoomStays>"))
        }
    }

    @Test("an entry serves only the same hotel under the same terms; a distance alone does not matter")
    func onlyTheSame() throws {
        let cache = WrittenStaysCache(capacity: 4)
        let pricing = Self.pricing()
        _ = try cache.written([Self.hotel("H1", stars: 4)], pricing: pricing)
        var far = Self.hotel("H1", stars: 4)
        far.distanceKm = 3.5
        #expect(try cache.written([far], pricing: pricing).hits == 1)
        let dearer = try cache.written([Self.hotel("H1", stars: 4, price: "130.00")], pricing: pricing)
        #expect(dearer.hits == 0)
        #expect(String(decoding: try Self.page(dearer.written, more: nil), as: UTF8.self).contains("AmountAfterTax=\"17550\""))
        #expect(try cache.written([Self.hotel("H1", stars: 4, price: "130.00")], pricing: Self.pricing(nights: 3)).hits == 0)
        #expect(try cache.written([Self.hotel("H1", stars: 4, price: "130.00")], pricing: Self.pricing(nights: 3)).hits == 1)
        // A currency the pricing does not know: no stays, as OTAPricing.stays says, and nothing kept.
        let unknown = try cache.written([Self.hotel("H9", stars: 3, currency: "XXX")], pricing: pricing)
        #expect(unknown.written.isEmpty && unknown.hits == 0)
        let none = WrittenStaysCache(capacity: 0)
        #expect(try none.written([Self.hotel("H1", stars: 4)], pricing: pricing).written.count == 1)
    }
}
