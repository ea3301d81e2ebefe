import Foundation
import HotelSOAP
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

@Suite("OTA pricing rule")
struct OTAPricingTests {
    static func hotel(stars: Int, price: String, currency: String) -> HotelInfo {
        HotelInfo(
            id: "H0000001", name: "Test", address: "1 Main St", city: "Seoul", country: "KR", latitude: 37.5, longitude: 127,
            stars: stars, price: Money(Decimal(string: price)!, currency))
    }

    @Test("the documented example: 3 stars at 100.00 EUR, 2 adults, 2 nights, in EUR")
    func example() throws {
        let start = try #require(CalendarDate("2026-12-01"))
        let pricing = OTAPricing(
            adults: 2, children: 0, rooms: 1, nights: 2, start: start, end: start.adding(days: 2), currency: Currencies.info("EUR"))
        let stays = try #require(pricing.stays(Self.hotel(stars: 3, price: "100.00", currency: "EUR")))
        #expect(stays.map(\.roomTypeCode) == ["STD", "SUP"])
        #expect(stays.map(\.nightlyMinor) == [12500, 15625])
        #expect(stays.map(\.totalMinor) == [25000, 31250])
        #expect(stays.allSatisfy { $0.decimalPlaces == 2 && $0.currency == "EUR" && $0.end == CalendarDate("2026-12-03") })
    }

    @Test("room types follow the stars; zero-decimal currencies round to whole units; a child adds 10 %")
    func rules() throws {
        #expect(OTAPricing.roomTypes(stars: 0).map(\.code) == ["STD"])
        #expect(OTAPricing.roomTypes(stars: 5).map(\.code) == ["STD", "SUP", "STE"])
        let start = try #require(CalendarDate("2027-02-27"))
        #expect(start.adding(days: 3) == CalendarDate("2027-03-02"))
        #expect(CalendarDate("2028-03-01")!.dayNumber - CalendarDate("2028-02-28")!.dayNumber == 2)
        let pricing = OTAPricing(adults: 1, children: 1, rooms: 3, nights: 1, start: start, end: start.adding(days: 1), currency: nil)
        let stays = try #require(pricing.stays(Self.hotel(stars: 1, price: "10001", currency: "KRW")))
        // 10001 × 1.1 = 11001.1 → 11001 won; three rooms.
        #expect(stays.map(\.nightlyMinor) == [11001] && stays.map(\.totalMinor) == [33003] && stays[0].decimalPlaces == 0)
    }
}
