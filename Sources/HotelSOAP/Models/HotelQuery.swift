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
    /// Only hotels in this city; our service ignores case and diacritics (`zurich` finds `Zürich`).
    public var city: String?
    /// An IATA city code (`PAR`), which OpenTravel partners key hotels by; our own contract
    /// has no such field (`HotelSearchDialect` refuses it: use `city`).
    public var cityCode: String?
    /// Substring of the hotel name, case-insensitive on the server.
    public var name: String?
    /// Only hotels inside this circle; each result then carries `distanceKm`.
    public var near: GeoCircle?
    /// Only hotels with at least this many stars, 0…5.
    public var minStars: Int?
    /// Only hotels whose nightly `price` is at most this, in `currency` (our service
    /// assumes USD when `currency` is nil and converts at fixed rates).
    public var maxPrice: Decimal?
    /// The ISO 4217 code `maxPrice` is in, e.g. `EUR`. Results keep their own currency.
    public var currency: String?
    /// The day of arrival. Our service checks it but does not filter on it: its demo
    /// catalog has no availability data.
    public var checkIn: CalendarDate?
    /// The day of departure, after `checkIn`. Checked but not filtered on, like `checkIn`.
    public var checkOut: CalendarDate?
    /// Number of guests, 1…20. Checked but not filtered on, like `checkIn`.
    public var guests: Int?
    /// Only hotels with every one of these, named as in `HotelInfo.amenities` (e.g. `wifi`).
    public var amenities: [String]
    /// The order of the results; nil is `relevance`. Ties go by `HotelId`, so pages
    /// neither repeat nor skip a hotel.
    public var sortBy: SortOrder?
    /// Results to skip before this page; nil is 0.
    public var offset: Int?
    /// The most hotels on this page, 1…`maxLimit`; nil leaves it to the service (ours: 50).
    public var limit: Int?

    /// Each parameter sets the property of the same name; nil and empty ones are not sent.
    public init(
        city: String? = nil, name: String? = nil, near: GeoCircle? = nil, minStars: Int? = nil,
        maxPrice: Decimal? = nil, currency: String? = nil, checkIn: CalendarDate? = nil,
        checkOut: CalendarDate? = nil, guests: Int? = nil, amenities: [String] = [],
        sortBy: SortOrder? = nil, offset: Int? = nil, limit: Int? = nil, cityCode: String? = nil
    ) {
        self.city = city
        self.cityCode = cityCode
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
///
/// ```swift
/// // Within 5 km of Seoul City Hall, nearest first; results carry `distanceKm`.
/// let query = HotelQuery(near: GeoCircle(latitude: 37.5665, longitude: 126.978, radiusKm: 5), sortBy: .distance)
/// ```
public struct GeoCircle: Sendable, Equatable, Hashable {
    /// The centre's latitude in degrees, -90…90.
    public var latitude: Double
    /// The centre's longitude in degrees, -180…180.
    public var longitude: Double
    /// The radius in kilometres: more than 0, at most 20,000.
    public var radiusKm: Double

    /// A circle of `radiusKm` kilometres around a point given in degrees.
    public init(latitude: Double, longitude: Double, radiusKm: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
    }
}

/// The `SortBy` values of the contract.
///
/// Our service orders them so (ties by `HotelId` in every case):
/// - `relevance` (the default) and `stars`: most stars first, then the cheapest.
/// - `price`: cheapest first, compared across currencies at fixed rates.
/// - `distance`: nearest first; needs `near`.
/// - `name`: alphabetical, ignoring case and diacritics.
public enum SortOrder: String, Sendable, CaseIterable, Hashable {
    case relevance, price, stars, distance, name
}

/// An `xsd:date` without a time zone (`2026-12-01`). Not a `Date`: a check-in day
/// is the same day in every time zone.
///
/// ```swift
/// let checkIn = CalendarDate("2026-12-01")!
/// let checkOut = CalendarDate(year: 2026, month: 12, day: 3)!
/// assert(checkIn < checkOut)
/// ```
public struct CalendarDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// 1…9999.
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1 to the length of the month.
    public var day: Int

    /// Nil unless the day exists: `CalendarDate(year: 2027, month: 2, day: 29)` is nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`, zero-padded: the `xsd:date` text, which `init?(_:)` reads back.
    /// Written digit by digit: an OpenTravel page writes four dates per `RoomStay`, and
    /// padding through interpolated `String`s was 5 % of the page.
    public var description: String {
        String(unsafeUninitializedCapacity: 10) { out in
            PaddedDigits.date(year, month, day, into: out, at: 0)
            return 10
        }
    }

    /// Whether `a` is an earlier day than `b`.
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
