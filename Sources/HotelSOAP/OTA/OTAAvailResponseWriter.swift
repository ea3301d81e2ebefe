import Foundation
import HotelXML

/// Writes `OTA_HotelAvailRS` in a SOAP envelope, in the element order of the 2017B schema
/// (`Success`, `Warnings`, `RoomStays`; or `Errors` alone), straight into bytes.
///
/// The OTA root declares its namespace itself, so the payload stands on its own: cut out of
/// the envelope it validates against `OTA_HotelAvailRS.xsd`.
///
/// ```swift
/// let body = try OTAAvailResponseWriter.success(
///     version: .v11, echoToken: "abc", timeStamp: "2026-11-25T15:00:00Z", warnings: [], stays: stays, more: nil)
/// let error = OTAAvailResponseWriter.errors(
///     version: .v11, echoToken: nil, timeStamp: "2026-11-25T15:00:00Z",
///     errors: [OTAIssue(type: .bizRule, code: .invalidHotel, text: "no hotel has HotelCode X")])
/// ```
public enum OTAAvailResponseWriter {
    /// The rate plan every room stay is sold under.
    static let ratePlanCode = "BAR"
    static let ratePlanName = "Best available rate"
    /// Interpolated for every stay, this was an allocation per stay.
    private static let ratePlans = "<RatePlans><RatePlan RatePlanCode=\"\(ratePlanCode)\" RatePlanName=\"\(ratePlanName)\"/></RatePlans>"

    /// `Success`, then `Warnings` (if any), then `RoomStays` (if any). `more` is the token of
    /// the next page: written as `RoomStays@MoreIndicator` and on the last `RoomStay` as
    /// `MoreDataEchoToken`; the client sends it back as `AvailRequestSegment@MoreDataEchoToken`.
    public static func success(
        version: SOAPVersion, echoToken: String?, timeStamp: String, warnings: [OTAIssue], stays: [OTARoomStay], more: String?
    ) throws(XMLWriterError) -> [UInt8] {
        // A hotel's stays follow one another: each run of one hotel is written as one part.
        var written: [WrittenRoomStays] = []
        var start = stays.startIndex
        while start < stays.endIndex {
            var end = start + 1
            while end < stays.endIndex, stays[end].hotel.id == stays[start].hotel.id { end += 1 }
            written.append(try WrittenRoomStays(Array(stays[start..<end])))
            start = end
        }
        return try success(version: version, echoToken: echoToken, timeStamp: timeStamp, warnings: warnings, written: written, more: more)
    }

    /// As above, from each hotel's stays written before (`WrittenRoomStays`, which a server
    /// keeps for the next request asking the same): the same bytes.
    public static func success(
        version: SOAPVersion, echoToken: String?, timeStamp: String, warnings: [OTAIssue], written: [WrittenRoomStays], more: String?
    ) throws(XMLWriterError) -> [UInt8] {
        let written = written.filter { !$0.stays.isEmpty }
        var xml = XMLWriter(capacity: written.reduce(1024) { $0 + $1.byteCount + 128 })
        Envelope.open(&xml, version: version)
        openRoot(&xml, echoToken: echoToken, timeStamp: timeStamp)
        xml.raw("<Success/>")
        issues(&xml, "Warnings", "Warning", warnings)
        if let lastHotel = written.last {
            if let more { xml.open("RoomStays", ["MoreIndicator": more]) } else { xml.open("RoomStays") }
            for part in written.dropLast() { part.write(to: &xml) }
            lastHotel.write(to: &xml, more: more)
            xml.close("RoomStays")
        }
        xml.close(OTA.availResponse)
        Envelope.close(&xml, version: version)
        return xml.bytes
    }

    /// `Errors` alone: the request was understood but cannot be answered. Never fails to
    /// write: characters XML cannot carry become U+FFFD.
    public static func errors(version: SOAPVersion, echoToken: String?, timeStamp: String, errors: [OTAIssue]) -> [UInt8] {
        var xml = XMLWriter()
        Envelope.open(&xml, version: version)
        openRoot(&xml, echoToken: echoToken, timeStamp: timeStamp)
        issues(&xml, "Errors", "Error", errors)
        xml.close(OTA.availResponse)
        Envelope.close(&xml, version: version)
        return xml.bytes
    }

    // MARK: Parts

    private static func openRoot(_ xml: inout XMLWriter, echoToken: String?, timeStamp: String) {
        xml.raw("<\(OTA.availResponse) xmlns=\"\(OTA.namespace)\"")
        // EchoToken is StringLength1to128: echo it only when the schema allows it.
        if let echoToken, (1...128).contains(echoToken.count), echoToken.unicodeScalars.allSatisfy(XMLWriter.isXMLChar) {
            xml.raw(" EchoToken=\"")
            xml.appendAttributeValue(echoToken)
            xml.raw("\"")
        }
        xml.raw(" TimeStamp=\"")
        xml.appendAttributeValue(timeStamp)
        xml.raw("\" Version=\"\(OTA.messageVersion)\">")
    }

    private static func issues(_ xml: inout XMLWriter, _ list: String, _ item: String, _ issues: [OTAIssue]) {
        guard !issues.isEmpty else { return }
        xml.open(list)
        for issue in issues {
            xml.open(
                item, ["Type": issue.type.rawValue, "Code": issue.code.rawValue, "ShortText": String(issue.code.shortText.prefix(64))])
            xml.appendText(clean(issue.text))
            xml.close(item)
        }
        xml.close(list)
    }

    private static func clean(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { XMLWriter.isXMLChar($0) ? $0 : "\u{FFFD}" }))
    }

    private static func amount(_ xml: inout XMLWriter, _ name: String, _ minor: Int64, _ stay: OTARoomStay) {
        xml.literal("<")
        xml.raw(name)
        xml.literal(" AmountAfterTax=\"")
        xml.integer(minor)
        xml.literal("\" CurrencyCode=\"")
        xml.appendAttributeValue(stay.currency)
        xml.literal("\" DecimalPlaces=\"")
        xml.integer(Int64(stay.decimalPlaces))
        xml.literal("\"/>")
    }

    /// The last `BasicPropertyInfo` written: a hotel's room types follow one another, and
    /// writing the same hotel again for each was a sixth of an OpenTravel page's CPU.
    struct WrittenProperty {
        var hotel: HotelInfo
        var cityCode: String?
        var xml: XMLWriter
    }

    static func roomStay(
        _ xml: inout XMLWriter, _ stay: OTARoomStay, more: String?, property: inout WrittenProperty?
    ) throws(XMLWriterError) {
        let (start, end) = (stay.start.description, stay.end.description)
        if let more { xml.open("RoomStay", ["MoreDataEchoToken": more]) } else { xml.open("RoomStay") }
        xml.literal("<RoomTypes><RoomType RoomTypeCode=\"")
        xml.appendAttributeValue(stay.roomTypeCode)
        xml.literal("\" NumberOfUnits=\"")
        xml.integer(Int64(stay.rooms))
        xml.literal("\"><RoomDescription Name=\"")
        xml.appendAttributeValue(stay.roomTypeName)
        xml.literal("\"></RoomDescription></RoomType></RoomTypes>")
        xml.raw(ratePlans)
        xml.raw("<RoomRates>")
        xml.literal("<RoomRate RoomTypeCode=\"")
        xml.appendAttributeValue(stay.roomTypeCode)
        xml.literal("\" RatePlanCode=\"")
        xml.appendAttributeValue(ratePlanCode)
        xml.literal("\" NumberOfUnits=\"")
        xml.integer(Int64(stay.rooms))
        xml.literal("\">")
        xml.raw("<Rates>")
        xml.literal("<Rate EffectiveDate=\"")
        xml.raw(start)
        xml.literal("\" ExpireDate=\"")
        xml.raw(end)
        xml.literal("\" UnitMultiplier=\"")
        xml.integer(Int64(stay.nights))
        xml.literal("\" RateTimeUnit=\"Day\">")
        amount(&xml, "Base", stay.nightlyMinor, stay)
        amount(&xml, "Total", stay.nightlyMinor * Int64(stay.nights), stay)
        xml.raw("</Rate></Rates>")
        amount(&xml, "Total", stay.totalMinor, stay)
        xml.close("RoomRate")
        xml.raw("</RoomRates>")
        xml.literal("<GuestCounts><GuestCount AgeQualifyingCode=\"10\" Count=\"")
        xml.integer(Int64(stay.adults))
        xml.literal("\"/>")
        if stay.children > 0 {
            xml.literal("<GuestCount AgeQualifyingCode=\"8\" Count=\"")
            xml.integer(Int64(stay.children))
            xml.literal("\"/>")
        }
        xml.literal("</GuestCounts>")
        xml.literal("<TimeSpan Start=\"")
        xml.raw(start)
        xml.literal("\" End=\"")
        xml.raw(end)
        xml.literal("\"/>")
        amount(&xml, "Total", stay.totalMinor, stay)
        if let last = property, last.cityCode == stay.cityCode, last.hotel == stay.hotel {
            xml.append(contentsOf: last.xml)
        } else {
            var written = XMLWriter(capacity: 512)
            try propertyInfo(&written, stay.hotel, cityCode: stay.cityCode)
            xml.append(contentsOf: written)
            property = WrittenProperty(hotel: stay.hotel, cityCode: stay.cityCode, xml: written)
        }
        xml.close("RoomStay")
    }

    private static func propertyInfo(_ xml: inout XMLWriter, _ hotel: HotelInfo, cityCode: String?) throws(XMLWriterError) {
        try XMLWriter.validate(hotel.name, field: "HotelName")
        try XMLWriter.validate(hotel.address, field: "Address")
        try XMLWriter.validate(hotel.city, field: "CityName")
        guard hotel.latitude.isFinite, hotel.longitude.isFinite else { throw XMLWriterError(notFinite: "Position") }
        // The schema's lengths: HotelName 1–128, AddressLine 1–255, CityName 1–64 characters.
        // HotelCityCode is StringLength1to8 in the schema.
        xml.literal("<BasicPropertyInfo HotelCode=\"")
        xml.appendAttributeValue(hotel.id)
        xml.literal("\" HotelName=\"")
        xml.appendAttributeValue(Self.prefix(hotel.name, 128))
        if let cityCode, (1...8).contains(cityCode.utf8.count), Self.isASCIILetters(cityCode) {
            xml.literal("\" HotelCityCode=\"")
            xml.appendAttributeValue(cityCode)
        }
        xml.literal("\">")
        xml.raw("<Position Latitude=\"\(coordinate(hotel.latitude))\" Longitude=\"\(coordinate(hotel.longitude))\"/>")
        xml.open("Address")
        if !hotel.address.isEmpty { try xml.element("AddressLine", Self.prefix(hotel.address, 255), field: "AddressLine") }
        if !hotel.city.isEmpty { try xml.element("CityName", Self.prefix(hotel.city, 64), field: "CityName") }
        if hotel.country.utf8.count == 2, Self.isASCIILetters(hotel.country) {
            xml.raw("<CountryName Code=\"\(hotel.country)\"/>")
        }
        xml.close("Address")
        // 0 stars means unrated: no Award at all.
        if hotel.stars > 0 { xml.raw("<Award Provider=\"HotelSearch\" Rating=\"\(hotel.stars)\"/>") }
        xml.close("BasicPropertyInfo")
    }

    /// The first `characters` characters of `text` (the schema's lengths count characters):
    /// `text` itself when its bytes are no more, without walking its graphemes.
    static func prefix(_ text: String, _ characters: Int) -> String {
        text.utf8.count <= characters ? text : String(text.prefix(characters))
    }

    /// Only ASCII letters: what `allSatisfy { $0.isASCII && $0.isLetter }` says, by bytes.
    static func isASCIILetters(_ text: String) -> Bool {
        text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) && $0 < 0x80 }
    }

    /// Position's values are StringLength1to16: six decimals (about 0.1 m) always fit.
    static func coordinate(_ value: Double) -> String {
        FixedDecimalText.format(value, places: 6)
    }
}
