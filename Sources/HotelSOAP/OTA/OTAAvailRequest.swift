import Foundation

/// The criteria of an `OTA_HotelAvailRQ`, as ``OTAAvailRequestReader`` read them.
///
/// Only the first `AvailRequestSegment` and its first `Criterion` are read; whatever the
/// reader met that it does not implement is listed in ``ignored`` (the service answers a
/// `Warning` for each), and values it could not read are in ``problems`` (the service
/// answers `Errors`), so a bad value never turns into a SOAP fault.
///
/// ```swift
/// let reader = OTAAvailRequestReader()
/// try reader.feed(body)
/// let (version, request) = try reader.finish()
/// print(request.cityCode ?? "-", request.radius?.kilometres ?? 0)
/// ```
public struct OTAAvailRequest: Sendable, Equatable {
    /// `Radius`: a distance and its unit.
    public struct Radius: Sendable, Equatable {
        public enum Unit: String, Sendable, Equatable { case kilometres, miles, metres }
        public var distance: Double
        /// nil when the request named none (the service then assumes kilometres and warns).
        public var unit: Unit?
        public init(distance: Double, unit: Unit?) {
            self.distance = distance
            self.unit = unit
        }
        /// The distance in kilometres (a mile is 1.609344 km).
        public var kilometres: Double {
            switch unit {
            case .miles: return distance * 1.609344
            case .metres: return distance / 1000
            case .kilometres, nil: return distance
            }
        }
    }

    /// One `GuestCount`: `AgeQualifyingCode` 10 is an adult, 8 a child (AQC code list).
    public struct GuestCount: Sendable, Equatable {
        public var ageQualifyingCode: String?
        public var count: Int
        public init(ageQualifyingCode: String?, count: Int) {
            self.ageQualifyingCode = ageQualifyingCode
            self.count = count
        }
        /// A child is AQC 7 (infant) or 8 (child); anything else counts as an adult.
        public var isChild: Bool { ageQualifyingCode == "7" || ageQualifyingCode == "8" }
    }

    /// A value that could not be read, with the OTA code to answer it with.
    public struct Problem: Sendable, Equatable {
        /// Where, e.g. `Criterion/Position/@Latitude`.
        public var field: String
        public var code: OTAIssue.Code
        public var message: String
    }

    public var echoToken: String?
    public var maxResponses: Int?
    public var requestedCurrency: String?
    public var moreDataEchoToken: String?
    public var latitude: Double?
    public var longitude: Double?
    public var radius: Radius?
    public var hotelCodes: [String] = []
    public var cityCode: String?
    /// `Criterion/Address/CityName`: a city by name.
    public var cityName: String?
    /// `@SortOrder` as sent (`PA`, `RA`, …).
    public var sortOrder: String?
    public var hotelName: String?
    /// `Award@Rating`: at least this many stars.
    public var minRating: Int?
    /// `HotelAmenity@Code` values (OTA HAC codes, or our own amenity names).
    public var amenityCodes: [String] = []
    public var minRate: Decimal?
    public var maxRate: Decimal?
    public var rateCurrency: String?
    public var start: CalendarDate?
    public var end: CalendarDate?
    /// `RoomStayCandidate@Quantity`: rooms wanted, default 1.
    public var rooms: Int?
    /// The first `RoomStayCandidate`'s guests (per room).
    public var guestCounts: [GuestCount] = []
    /// Paths of criteria the service does not implement (`Criterion/Telephone`).
    public var ignored: [String] = []
    public var problems: [Problem] = []

    public init() {}
}
