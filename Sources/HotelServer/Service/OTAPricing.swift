import Foundation
import HotelCatalogs
import HotelSOAP

/// How the OTA endpoint turns a catalog hotel into priced room stays. A rule of this test
/// double, not of OpenTravel; docs/OPENTRAVEL.md states it for clients.
///
/// - Room types follow the stars: 0–2 stars sell `STD` only; 3 stars `STD` and `SUP`;
///   4–5 stars `STD`, `SUP` and `STE`. Factors on the catalog's nightly price: 1, 1.25, 1.8.
/// - Guests, per room: the catalog price is for one adult; each further adult adds 25 %,
///   each child (AQC 7 or 8) 10 %.
/// - The nightly rate is converted to the requested currency at the catalog's fixed rates and
///   rounded half-up to the currency's minor units; the total is nightly × nights × rooms,
///   so it is always exact in minor units.
///
/// ```swift
/// // A 3-star hotel at 100.00 EUR, 2 adults, 2 nights, in EUR:
/// // STD 125.00 a night, 250.00 in all; SUP 156.25 a night, 312.50 in all.
/// ```
struct OTAPricing: Sendable {
    struct RoomType: Sendable {
        let code: String
        let name: String
        let factor: Decimal
    }

    static let standard = RoomType(code: "STD", name: "Standard room", factor: 1)
    static let superior = RoomType(code: "SUP", name: "Superior room", factor: Decimal(string: "1.25")!)
    static let suite = RoomType(code: "STE", name: "Suite", factor: Decimal(string: "1.8")!)
    /// Parsed once: parsing them per hotel was a tenth of pricing.
    static let perAdult = Decimal(string: "0.25")!
    static let perChild = Decimal(string: "0.1")!
    /// 10^0 … 10^4: the minor units of every currency we know (at most 3 places).
    private static let powersOfTen: [Decimal] = [1, 10, 100, 1_000, 10_000]

    static func roomTypes(stars: Int) -> [RoomType] {
        switch stars {
        case ...2: return [standard]
        case 3: return [standard, superior]
        default: return [standard, superior, suite]
        }
    }

    /// What the price of a stay depends on besides the hotel: two requests with equal terms
    /// price a hotel the same (``WrittenStaysCache`` keys on it).
    struct Terms: Sendable, Equatable {
        var adults: Int
        var children: Int
        var rooms: Int
        var nights: Int
        var start: CalendarDate
        var end: CalendarDate
        /// nil: each hotel's own currency.
        var currency: CurrencyInfo?
    }

    let terms: Terms

    /// factor × occupancy × 10^places for each room type (`[places][type]`, types as
    /// ``roomTypes(stars:)`` lists the most): one `Decimal` multiplication per room stay, where
    /// three were a tenth of an OpenTravel page (each allocates). Exact, as the three were.
    private let multipliers: [[Decimal]]

    init(adults: Int, children: Int, rooms: Int, nights: Int, start: CalendarDate, end: CalendarDate, currency: CurrencyInfo?) {
        terms = Terms(adults: adults, children: children, rooms: rooms, nights: nights, start: start, end: end, currency: currency)
        let occupancy = 1 + Decimal(max(0, adults - 1)) * Self.perAdult + Decimal(children) * Self.perChild
        multipliers = Self.powersOfTen.map { power in Self.roomTypes(stars: 5).map { $0.factor * occupancy * power } }
    }

    /// The room stays of one hotel, one per room type; nil when its currency is unknown.
    func stays(_ hotel: HotelInfo) -> [OTARoomStay]? {
        guard let own = Currencies.info(hotel.price.currency) else { return nil }
        let target = terms.currency ?? own
        var base = hotel.price.amount
        if target.code != own.code {
            // Through US dollars at the catalog's fixed rates, as MaxPrice comparisons are.
            base = base * Decimal(own.usdRate) / Decimal(target.usdRate)
        }
        let places = target.minorUnits
        let cityCode = CityCodes.byCity[hotel.city]
        return Self.roomTypes(stars: hotel.stars).enumerated().map { index, type in
            let nightly =
                places < multipliers.count
                ? Self.rounded(base * multipliers[places][index])
                : Self.minorUnits(base * multipliers[0][index], places: places)
            return OTARoomStay(
                hotel: hotel, roomTypeCode: type.code, roomTypeName: type.name, nightlyMinor: nightly,
                totalMinor: nightly * Int64(terms.nights) * Int64(terms.rooms), currency: target.code, decimalPlaces: places,
                start: terms.start, end: terms.end, nights: terms.nights, adults: terms.adults, children: terms.children,
                rooms: terms.rooms,
                cityCode: cityCode)
        }
    }

    /// `scaled` rounded half-up to an integer.
    private static func rounded(_ scaled: Decimal) -> Int64 {
        var scaled = scaled
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return Int64(truncating: rounded as NSDecimalNumber)
    }

    /// `amount` in minor units, rounded half-up.
    static func minorUnits(_ amount: Decimal, places: Int) -> Int64 {
        // One multiplication by 10^places: exact, as the ten-by-ten loop it replaces was.
        var scaled = places < powersOfTen.count ? amount * powersOfTen[places] : amount
        if places >= powersOfTen.count { for _ in 0..<places { scaled *= 10 } }
        return rounded(scaled)
    }
}
