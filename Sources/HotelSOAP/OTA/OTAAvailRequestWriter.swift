import Foundation
import HotelXML

/// Writes a `HotelQuery` as an `OTA_HotelAvailRQ` in a SOAP envelope, in the element order
/// and within the value types of the 2017B schema, so a validating partner accepts it.
///
/// How the query maps (the schema decides the spelling, not our contract):
/// - `city` → `Criterion/Address/CityName` (a name); `cityCode` → `HotelRef@HotelCityCode`
///   (an IATA code of at most 8 characters); `name` → `HotelRef@HotelName`.
/// - `near` → `Position` + `Radius`. `Distance` is digits only in the schema, so a whole
///   number of kilometres goes as `Kilometers`, anything else as `Meters`.
/// - `minStars` → `Award@Rating`; `amenities` → `HotelAmenity@Code` (HAC codes,
///   ``OTAAmenityCodes``); `maxPrice` + `currency` → `RateRange`.
/// - `checkIn`/`checkOut` → `StayDateRange`; `guests` → one `RoomStayCandidate` of that many adults.
/// - `sortBy` → `@SortOrder`: `name` is `PA`, `price` `RA`; OTA has no stars or distance order.
/// - the page: `MaxResponses` and `AvailRequestSegment@MoreDataEchoToken`.
///
/// What OTA cannot express throws ``SOAPDialectError``; a value XML cannot carry throws
/// `XMLWriterError`.
///
/// ```swift
/// let writer = OTAAvailRequestWriter(version: .v11)
/// let request = try writer.availability(
///     HotelQuery(city: "Lisbon", minStars: 4), maxResponses: 50, moreDataEchoToken: nil,
///     echoToken: "3F2504E0", timeStamp: "2026-11-25T15:00:00Z")
/// ```
public struct OTAAvailRequestWriter: Sendable {
    /// The SOAP version of the envelopes it writes.
    public var version: SOAPVersion

    /// `SOAPAction` of `OTA_HotelAvail` in our WSDL, as OTA services conventionally name it.
    public static let action = "\(OTA.namespace)/\(OTA.availRequest)"

    static let dialect = "OpenTravel"

    /// A writer for `version`, SOAP 1.1 unless told otherwise.
    public init(version: SOAPVersion = .v11) {
        self.version = version
    }

    /// The sort orders `@SortOrder` can ask for.
    public static let sortOrders: [SortOrder] = [.relevance, .name, .price]

    /// One page's request. `moreDataEchoToken` is the token of the page before (nil for
    /// the first); `echoToken` and `timeStamp` identify the message (the response echoes
    /// the first).
    public func availability(
        _ query: HotelQuery, maxResponses: Int, moreDataEchoToken: String?, echoToken: String, timeStamp: String
    ) throws -> SOAPRequest {
        let sortOrder = try Self.sortOrder(query.sortBy)
        var xml = XMLWriter(capacity: 1536)
        Envelope.open(&xml, version: version)
        xml.raw("<\(OTA.availRequest) xmlns=\"\(OTA.namespace)\" EchoToken=\"")
        try xml.attribute(echoToken, field: "EchoToken")
        xml.raw("\" TimeStamp=\"")
        try xml.attribute(timeStamp, field: "TimeStamp")
        xml.raw("\" Version=\"\(OTA.messageVersion)\"")
        if let sortOrder { xml.raw(" SortOrder=\"\(sortOrder)\"") }
        xml.raw(" MaxResponses=\"\(max(1, maxResponses))\">")
        xml.raw("<AvailRequestSegments>")
        if let token = moreDataEchoToken {
            guard (1...128).contains(token.count) else {
                throw SOAPDialectError.pageStartNotSupported(dialect: Self.dialect)
            }
            xml.raw("<AvailRequestSegment MoreDataEchoToken=\"")
            try xml.attribute(token, field: "MoreDataEchoToken")
            xml.raw("\">")
        } else {
            xml.raw("<AvailRequestSegment>")
        }
        try criterion(&xml, query)
        if let checkIn = query.checkIn {
            // Start alone is a one-night stay for most partners (ours included).
            let end = query.checkOut.map { " End=\"\($0)\"" } ?? ""
            xml.raw("<StayDateRange Start=\"\(checkIn)\"\(end)/>")
        } else if query.checkOut != nil {
            throw SOAPDialectError.criterionNotSupported(
                dialect: Self.dialect, criterion: "a check-out day without a check-in day", reason: "StayDateRange needs its Start")
        }
        if let maxPrice = query.maxPrice {
            xml.raw("<RateRange MaxRate=\"\(maxPrice.plainText)\"")
            if let currency = query.currency {
                guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                    throw SOAPDialectError.criterionNotSupported(
                        dialect: Self.dialect, criterion: "currency \(currency)", reason: "CurrencyCode is three letters (ISO 4217)")
                }
                xml.raw(" CurrencyCode=\"\(currency.uppercased())\"")
            }
            xml.raw("/>")
        }
        if let guests = query.guests {
            xml.raw(
                "<RoomStayCandidates><RoomStayCandidate Quantity=\"1\"><GuestCounts>"
                    + "<GuestCount AgeQualifyingCode=\"10\" Count=\"\(guests)\"/>"
                    + "</GuestCounts></RoomStayCandidate></RoomStayCandidates>")
        }
        xml.raw("</AvailRequestSegment></AvailRequestSegments>")
        xml.close(OTA.availRequest)
        Envelope.close(&xml, version: version)
        return SOAPRequest(version: version, action: Self.action, body: xml.bytes)
    }

    /// `HotelSearchCriteria` with one `Criterion`, in `HotelSearchCriterionType`'s order:
    /// Position, Address, HotelRef, Radius, HotelAmenity, Award. Nothing when the query has no filter.
    private func criterion(_ xml: inout XMLWriter, _ query: HotelQuery) throws {
        var c = XMLWriter(capacity: 512)
        if let near = query.near {
            c.raw("<Position Latitude=\"\(Self.degrees(near.latitude))\" Longitude=\"\(Self.degrees(near.longitude))\"/>")
        }
        if let city = query.city {
            try Self.check(city, max: 64, "a city name", "CityName")
            c.raw("<Address><CityName>")
            try c.text(city, field: "CityName")
            c.raw("</CityName></Address>")
        }
        if query.cityCode != nil || query.name != nil {
            c.raw("<HotelRef")
            if let code = query.cityCode {
                try Self.check(code, max: 8, "a city code", "HotelCityCode (an IATA code such as PAR)")
                c.raw(" HotelCityCode=\"")
                try c.attribute(code, field: "HotelCityCode")
                c.raw("\"")
            }
            if let name = query.name {
                try Self.check(name, max: 128, "a hotel name", "HotelName")
                c.raw(" HotelName=\"")
                try c.attribute(name, field: "HotelName")
                c.raw("\"")
            }
            c.raw("/>")
        }
        if let near = query.near {
            c.raw("<Radius \(Self.radius(km: near.radiusKm))/>")
        }
        for amenity in query.amenities {
            guard let code = OTAAmenityCodes.code(for: amenity) else {
                throw SOAPDialectError.criterionNotSupported(
                    dialect: Self.dialect, criterion: "amenity \(amenity)",
                    reason:
                        "HotelAmenity takes OpenTravel HAC codes, known for: \(OTAAmenityCodes.byAmenity.map(\.amenity).joined(separator: ", "))"
                )
            }
            c.raw("<HotelAmenity Code=\"\(code)\"/>")
        }
        if let stars = query.minStars {
            c.raw("<Award Rating=\"\(stars)\"/>")
        }
        guard !c.bytes.isEmpty else { return }
        xml.raw("<HotelSearchCriteria><Criterion>")
        xml.append(contentsOf: c)
        xml.raw("</Criterion></HotelSearchCriteria>")
    }

    static func sortOrder(_ order: SortOrder?) throws -> String? {
        switch order {
        case nil, .relevance?: return nil
        case .name?: return "PA"
        case .price?: return "RA"
        case let other?:
            throw SOAPDialectError.criterionNotSupported(
                dialect: dialect, criterion: "sort order \(other.rawValue)",
                reason: "OTA_HotelAvailRQ's SortOrder knows name (PA) and rate (RA) order only")
        }
    }

    private static func check(_ value: String, max: Int, _ what: String, _ field: String) throws {
        guard (1...max).contains(value.count) else {
            throw SOAPDialectError.criterionNotSupported(
                dialect: dialect, criterion: "\(what) of \(value.count) characters", reason: "\(field) holds 1 to \(max)")
        }
    }

    /// Degrees with at most 7 decimals (about 1 cm): `Latitude` and `Longitude` are strings
    /// of at most 16 characters, which `Double.description` can exceed.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `Distance` is `[0-9]{1,16}`: whole kilometres when the radius is one, else metres.
    static func radius(km: Double) -> String {
        if km == km.rounded(), km >= 1 {
            return "Distance=\"\(Int(km))\" DistanceMeasure=\"Kilometers\" UnitOfMeasureCode=\"2\""
        }
        return "Distance=\"\(max(1, Int((km * 1000).rounded())))\" DistanceMeasure=\"Meters\""
    }
}

extension XMLWriter {
    /// An attribute's value, escaped; throws if it holds a character XML cannot carry.
    mutating func attribute(_ value: String, field: String) throws(XMLWriterError) {
        try XMLWriter.validate(value, field: field)
        appendAttributeValue(value)
    }
}
