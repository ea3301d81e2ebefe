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

    @Test("one multiplication per stay gives what the rule's three did: 3,000 prices, every currency, 1–4 adults, 0–3 children")
    func sameAsTheRuleStepByStep() throws {
        let start = try #require(CalendarDate("2027-03-01"))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let own = Currencies.all.randomElement(using: &random)!
            let target = Bool.random(using: &random) ? nil : Currencies.all.randomElement(using: &random)!
            let (adults, children) = (Int.random(in: 1...4, using: &random), Int.random(in: 0...3, using: &random))
            // Up to 7 digits with up to the currency's places, sometimes one place more.
            let places = min(3, own.minorUnits + Int.random(in: 0...1, using: &random))
            let price = Decimal(Int.random(in: 1...9_999_999, using: &random)) / pow(10, places)
            let hotel = HotelInfo(
                id: "H1", name: "T", address: "A", city: "Seoul", country: "KR", latitude: 0, longitude: 0, stars: 5,
                price: Money(price, own.code))
            let pricing = OTAPricing(
                adults: adults, children: children, rooms: 1, nights: 1, start: start, end: start.adding(days: 1), currency: target)
            let stays = try #require(pricing.stays(hotel))
            // The rule as docs/OPENTRAVEL.md states it, one step at a time.
            let into = target ?? own
            var base = price
            if into.code != own.code { base = base * Decimal(own.usdRate) / Decimal(into.usdRate) }
            let occupancy = 1 + Decimal(adults - 1) * Decimal(string: "0.25")! + Decimal(children) * Decimal(string: "0.1")!
            let expected = OTAPricing.roomTypes(stars: 5).map {
                OTAPricing.minorUnits(base * $0.factor * occupancy, places: into.minorUnits)
            }
            #expect(stays.map(\.nightlyMinor) == expected, "\(price) \(own.code) → \(into.code), \(adults) adults, \(children) children")
        }
    }
}
