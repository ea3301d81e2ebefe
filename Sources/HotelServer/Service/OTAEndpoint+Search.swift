import Foundation
import HotelCatalogs
import HotelSOAP

extension OTAEndpoint {
    /// The criteria of one request in the catalog's terms, checked: the query, the hotel
    /// codes, the page size and the pricing. Throws ``Rejection`` for business errors and
    /// appends a `Warning` for each criterion it ignores.
    struct Search: Sendable {
        var query = HotelQuery()
        var hotelCodes: [String] = []
        var pageSize = OTAEndpoint.defaultPageSize
        var pricing: OTAPricing
        /// What a paging token is bound to: every filter, nothing about the page or the price.
        ///
        /// The text is what `"\(query)"` printed when tokens were first signed over it, so
        /// tokens stay valid across versions of the server sharing a `--token-key-file`. It is
        /// written field by field: `String(describing:)` walks the query with `Mirror`, which
        /// was 6.5 % of an OpenTravel page. `OTACriteriaTextTests` checks it against
        /// `String(describing:)` over random queries, so a field added to `HotelQuery` fails
        /// there rather than changing the text unnoticed.
        var criteria: String { Self.criteria(query, hotelCodes: hotelCodes) }

        static func criteria(_ query: HotelQuery, hotelCodes: [String]) -> String {
            var text = "HotelQuery(city: "
            Self.optional(query.city, into: &text)
            text += ", cityCode: "
            Self.optional(query.cityCode, into: &text)
            text += ", name: "
            Self.optional(query.name, into: &text)
            text += ", near: "
            if let near = query.near {
                text +=
                    "Optional(HotelSOAP.GeoCircle(latitude: \(near.latitude), longitude: \(near.longitude), radiusKm: \(near.radiusKm)))"
            } else {
                text += "nil"
            }
            text += ", minStars: "
            text += query.minStars.map { "Optional(\($0))" } ?? "nil"
            text += ", maxPrice: "
            text += query.maxPrice.map { "Optional(\($0))" } ?? "nil"
            text += ", currency: "
            Self.optional(query.currency, into: &text)
            text += ", checkIn: "
            text += query.checkIn.map { "Optional(\($0))" } ?? "nil"
            text += ", checkOut: "
            text += query.checkOut.map { "Optional(\($0))" } ?? "nil"
            text += ", guests: "
            text += query.guests.map { "Optional(\($0))" } ?? "nil"
            text += ", amenities: ["
            for (i, amenity) in query.amenities.enumerated() {
                if i > 0 { text += ", " }
                text += amenity.debugDescription
            }
            text += "], sortBy: "
            text += query.sortBy.map { "Optional(HotelSOAP.SortOrder.\($0.rawValue))" } ?? "nil"
            text += ", offset: nil, limit: nil)|"
            for (i, code) in hotelCodes.enumerated() {
                if i > 0 { text += "," }
                text += code
            }
            return text
        }

        /// `Optional("…")` as `debugPrint` writes it, or `nil`.
        private static func optional(_ value: String?, into text: inout String) {
            guard let value else {
                text += "nil"
                return
            }
            text += "Optional("
            text += value.debugDescription
            text += ")"
        }

        init(_ r: OTAAvailRequest, warnings: inout [OTAIssue]) throws(Rejection) {
            func currency(_ code: String?, _ field: String) throws(Rejection) -> CurrencyInfo? {
                guard let code else { return nil }
                guard let info = Currencies.info(code.uppercased()) else {
                    throw Rejection(
                        .invalidCurrency,
                        "\(field) \"\(code)\" is not a currency this service knows; known: \(Currencies.all.map(\.code).joined(separator: ", "))"
                    )
                }
                return info
            }
            let requested = try currency(r.requestedCurrency, "RequestedCurrency")
            let rateCurrency = try currency(r.rateCurrency, "RateRange CurrencyCode")

            // HotelCityCode is an IATA city code (PAR, NYC); the catalog stores city names.
            // Some partners send a name there too, so a code this service does not know is
            // matched as a name, as Address/CityName is.
            query.city = r.cityName ?? r.cityCode.map { CityCodes.city(forCode: $0) ?? $0 }
            query.name = r.hotelName
            var seen = Set<String>()
            hotelCodes = r.hotelCodes.filter { seen.insert($0).inserted }
            switch (r.latitude, r.longitude, r.radius) {
            case (nil, nil, nil): break
            case (let lat?, let lon?, let radius?):
                if radius.unit == nil {
                    warnings.append(
                        OTAIssue(
                            type: .advisory, code: .requiredFieldMissing,
                            text: "Radius names no DistanceMeasure or UnitOfMeasureCode; kilometres were assumed"))
                }
                query.near = GeoCircle(latitude: lat, longitude: lon, radiusKm: radius.kilometres)
                query.sortBy = .distance
            case (_?, _?, nil):
                throw Rejection(
                    .requiredFieldMissing, "Position needs a Radius (Distance with DistanceMeasure)", type: .requiredFieldMissing)
            case (nil, nil, _?):
                throw Rejection(.requiredFieldMissing, "Radius needs a Position (Latitude and Longitude)", type: .requiredFieldMissing)
            default:
                throw Rejection(.requiredFieldMissing, "Position needs both Latitude and Longitude", type: .requiredFieldMissing)
            }
            switch r.sortOrder {
            case nil, "A", "N": break
            case "P", "PA": query.sortBy = .name
            case "RA": query.sortBy = .price
            case let other?:
                warnings.append(
                    OTAIssue(
                        type: .noImplementation, code: .unableToProcess,
                        text: "SortOrder \"\(other)\" is not supported by this service (PA and RA are); the default order was used"))
            }
            query.minStars = r.minRating
            if let max = r.maxRate {
                query.maxPrice = max
                query.currency = (rateCurrency ?? requested)?.code
            }
            if r.minRate != nil {
                warnings.append(
                    OTAIssue(
                        type: .noImplementation, code: .unableToProcess,
                        text: "RateRange/@MinRate is not supported by this service and was ignored"))
            }
            for code in r.amenityCodes {
                // A HAC code, or one of our own names as a lenient partner takes them.
                let name = Amenity.normalize(code)
                if let amenity = OTAAmenityCodes.amenity(forCode: code) ?? (Amenity.isKnown(name) ? name : nil) {
                    if !query.amenities.contains(amenity) { query.amenities.append(amenity) }
                } else {
                    warnings.append(
                        OTAIssue(
                            type: .noImplementation, code: .unableToProcess,
                            text: "HotelAmenity Code \"\(code)\" has no counterpart in this catalog and was ignored"))
                }
            }
            if let size = r.maxResponses {
                if size > OTAEndpoint.maxPageSize {
                    warnings.append(
                        OTAIssue(
                            type: .advisory, code: .invalidValue,
                            text: "MaxResponses \(size) is more than \(OTAEndpoint.maxPageSize); \(OTAEndpoint.maxPageSize) were sent"))
                }
                pageSize = min(size, OTAEndpoint.maxPageSize)
            }
            do { try QueryValidator.validate(query) } catch { throw Rejection(.invalidValue, error.message) }

            // The stay.
            let start: CalendarDate
            let end: CalendarDate
            switch (r.start, r.end) {
            case (let s?, let e?):
                guard s < e else { throw Rejection(.invalidDateCombination, "StayDateRange End (\(e)) must be after Start (\(s))") }
                start = s
                end = e
            case (let s?, nil):
                start = s
                end = s.adding(days: 1)
            case (nil, _?):
                throw Rejection(.requiredFieldMissing, "StayDateRange has an End but no Start", type: .requiredFieldMissing)
            case (nil, nil):
                start = CalendarDate.today()
                end = start.adding(days: 1)
            }
            let nights = end.dayNumber - start.dayNumber
            guard nights <= OTAEndpoint.maxNights else {
                throw Rejection(.invalidDateCombination, "a stay of \(nights) nights is longer than \(OTAEndpoint.maxNights)")
            }
            let adults = r.guestCounts.isEmpty ? 1 : r.guestCounts.filter { !$0.isChild }.reduce(0) { $0 + $1.count }
            let children = r.guestCounts.filter(\.isChild).reduce(0) { $0 + $1.count }
            guard adults >= 1 else { throw Rejection(.invalidValue, "GuestCounts must include at least one adult (AgeQualifyingCode 10)") }
            guard adults + children <= OTAEndpoint.maxGuests else {
                throw Rejection(.invalidValue, "at most \(OTAEndpoint.maxGuests) guests fit in one room, not \(adults + children)")
            }
            pricing = OTAPricing(
                adults: adults, children: children, rooms: r.rooms ?? 1, nights: nights, start: start, end: end, currency: requested)
        }
    }
}

extension CalendarDate {
    /// Days since 1970-01-01 (proleptic Gregorian), for counting nights.
    var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `days` later.
    func adding(days: Int) -> CalendarDate {
        var (y, m, d) = (year, month, day + days)
        while d > CalendarDate.monthLength(m, y) {
            d -= CalendarDate.monthLength(m, y)
            m += 1
            if m > 12 {
                m = 1
                y += 1
            }
        }
        return CalendarDate(year: y, month: m, day: d) ?? self
    }

    static func monthLength(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Today in UTC.
    static func today() -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}
