import Foundation

/// The filters of a `SearchHotels` request. Every field is optional; `nil` is not sent.
///
/// ```swift
/// var query = HotelQuery(city: "Seoul")
/// query.near = GeoCircle(latitude: 37.56, longitude: 126.97, radiusKm: 5)
/// query.sortBy = .distance
/// let request = try SOAPRequestBuilder(version: .v11).searchHotels(query)
/// ```
public struct HotelQuery: Sendable, Equatable, Hashable {
    public var city: String?
    /// Substring of the hotel name, case-insensitive on the server.
    public var name: String?
    public var near: GeoCircle?
    public var minStars: Int?
    public var maxPrice: Decimal?
    public var currency: String?
    public var checkIn: CalendarDate?
    public var checkOut: CalendarDate?
    public var guests: Int?
    public var amenities: [String]
    public var sortBy: SortOrder?
    public var offset: Int?
    public var limit: Int?

    public init(
        city: String? = nil, name: String? = nil, near: GeoCircle? = nil, minStars: Int? = nil,
        maxPrice: Decimal? = nil, currency: String? = nil, checkIn: CalendarDate? = nil,
        checkOut: CalendarDate? = nil, guests: Int? = nil, amenities: [String] = [],
        sortBy: SortOrder? = nil, offset: Int? = nil, limit: Int? = nil
    ) {
        self.city = city
        self.name = name
        self.near = near
        self.minStars = minStars
        self.maxPrice = maxPrice
        self.currency = currency
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.guests = guests
        self.amenities = amenities
        self.sortBy = sortBy
        self.offset = offset
        self.limit = limit
    }

    /// The largest `Limit` the contract allows.
    public static let maxLimit = 500
}

/// A point and a radius: the `Near` element.
public struct GeoCircle: Sendable, Equatable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var radiusKm: Double

    public init(latitude: Double, longitude: Double, radiusKm: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
    }
}

/// The `SortBy` values of the contract.
public enum SortOrder: String, Sendable, CaseIterable, Hashable {
    case relevance, price, stars, distance, name
}

/// An `xsd:date` without a time zone (`2026-12-01`). Not a `Date`: a check-in day
/// is the same day in every time zone.
public struct CalendarDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.days(inMonth: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
