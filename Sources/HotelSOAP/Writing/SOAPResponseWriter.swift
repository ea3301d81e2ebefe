import Foundation
import HotelXML

/// Writes the responses of the contract: result pages, hotel details and faults.
/// The service uses it; so do the tests and the benchmarks, to make real responses.
///
/// ```swift
/// var writer = SOAPResponseWriter(version: .v11)
/// writer.beginSearchResults(totalCount: 120, offset: 0)
/// for hotel in hotels { try writer.append(hotel) }
/// let body = writer.finishSearchResults()
/// ```
public struct SOAPResponseWriter: Sendable {
    /// The SOAP version of every response it writes.
    public let version: SOAPVersion
    private var xml: XMLWriter

    /// `capacity`: bytes to reserve up front; size it to the page to avoid regrowing.
    public init(version: SOAPVersion, capacity: Int = 4096) {
        self.version = version
        self.xml = XMLWriter(capacity: capacity)
    }

    /// Starts a `SearchHotelsResponse`: the envelope, `TotalCount` and `Offset`. Call it once,
    /// before any `append`.
    public mutating func beginSearchResults(totalCount: Int, offset: Int) {
        Envelope.open(&xml, version: version)
        xml.open("h:SearchHotelsResponse", ["xmlns:h": HotelSearchContract.namespace])
        xml.element("h:TotalCount", trusted: String(totalCount))
        xml.element("h:Offset", trusted: String(offset))
    }

    /// Writes one `Hotel`. Throws for a character XML cannot carry or a non-finite number;
    /// the hotel is then half written, so send a fault instead.
    public mutating func append(_ hotel: HotelInfo) throws(XMLWriterError) {
        try xml.hotel(hotel)
    }

    /// Writes one `Hotel` written before (``RenderedHotel``), with this query's distance.
    public mutating func append(_ rendered: RenderedHotel, distanceKm: Double?) throws(XMLWriterError) {
        rendered.bytes.withUnsafeBufferPointer { bytes in
            xml.append(bytes: UnsafeBufferPointer(rebasing: bytes[..<rendered.distanceAt]))
        }
        try xml.distance(distanceKm)
        rendered.bytes.withUnsafeBufferPointer { bytes in
            xml.append(bytes: UnsafeBufferPointer(rebasing: bytes[rendered.distanceAt...]))
        }
    }

    /// Bytes written so far, for a server that streams a long page out in chunks.
    public mutating func takeBytes() -> [UInt8] {
        defer { xml = XMLWriter(capacity: 4096) }
        return xml.bytes
    }

    /// Closes the response and returns what `takeBytes()` has not yet taken: the whole
    /// response, unless it was streamed.
    public mutating func finishSearchResults() -> [UInt8] {
        xml.close("h:SearchHotelsResponse")
        Envelope.close(&xml, version: version)
        return takeBytes()
    }

    /// A whole `SearchHotelsResponse` for `page`.
    public static func searchResults(_ page: SearchPage, version: SOAPVersion) throws(XMLWriterError) -> [UInt8] {
        var writer = SOAPResponseWriter(version: version, capacity: 512 + page.hotels.count * 400)
        writer.beginSearchResults(totalCount: page.totalCount, offset: page.offset)
        for hotel in page.hotels { try writer.append(hotel) }
        return writer.finishSearchResults()
    }

    /// A whole `GetHotelResponse` for `detail`.
    public static func hotelDetail(_ detail: HotelDetail, version: SOAPVersion) throws(XMLWriterError) -> [UInt8] {
        var xml = XMLWriter()
        Envelope.open(&xml, version: version)
        xml.open("h:GetHotelResponse", ["xmlns:h": HotelSearchContract.namespace])
        try xml.hotel(detail.hotel)
        try xml.element("h:Description", detail.description, field: "Description")
        for url in detail.imageURLs { try xml.element("h:ImageURL", url, field: "ImageURL") }
        xml.close("h:GetHotelResponse")
        Envelope.close(&xml, version: version)
        return xml.bytes
    }

    /// A fault never fails to write: characters XML cannot carry become U+FFFD, because a
    /// server that cannot even report its error leaves the client with nothing.
    ///
    /// WS-Security's codes (`SOAPFault.Code.failedAuthentication`, …) are written in their
    /// own namespace (`wsse:`, declared). For a SOAP 1.2 `MustUnderstand` fault, pass the
    /// blocks not understood: each gets an `env:NotUnderstood` header block (SOAP 1.2 part 1
    /// §5.4.8); SOAP 1.1 has no such block, so there they are left out.
    ///
    /// ```swift
    /// let fault = SOAPFault(version: .v12, code: .mustUnderstand, reason: "…")
    /// let body = SOAPResponseWriter.fault(fault, notUnderstood: [block])
    /// ```
    public static func fault(_ fault: SOAPFault, notUnderstood: [SOAPHeader.Block] = []) -> [UInt8] {
        func clean(_ s: String) -> String {
            String(String.UnicodeScalarView(s.unicodeScalars.map { XMLWriter.isXMLChar($0) ? $0 : "\u{FFFD}" }))
        }
        var xml = XMLWriter()
        let v = fault.version
        let p = Envelope.prefix(v)
        if v == .v12, !notUnderstood.isEmpty {
            xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            xml.raw("<\(p):Envelope xmlns:\(p)=\"\(v.envelopeNamespace)\"><\(p):Header>")
            for block in notUnderstood {
                if let namespace = block.namespace {
                    xml.open("\(p):NotUnderstood", ["qname": "q:\(block.name)", "xmlns:q": namespace])
                } else {
                    xml.open("\(p):NotUnderstood", ["qname": block.name])
                }
                xml.close("\(p):NotUnderstood")
            }
            xml.raw("</\(p):Header><\(p):Body>")
        } else {
            Envelope.open(&xml, version: v)
        }
        xml.open("\(p):Fault")
        switch v {
        case .v11:
            // faultcode/faultstring/detail are unqualified in SOAP 1.1.
            if fault.code.isWSSecurity {
                xml.open("faultcode", ["xmlns:wsse": WSSecurity.secext])
                xml.raw("wsse:\(fault.code)")
                xml.close("faultcode")
            } else {
                xml.element("faultcode", trusted: "\(p):\(fault.code)")
            }
            try? xml.element("faultstring", clean(fault.reason), field: "faultstring")
            if let detail = fault.detail {
                xml.open("detail")
                xml.searchFault(detail, clean: clean)
                xml.close("detail")
            }
        case .v12:
            xml.open("\(p):Code")
            xml.element("\(p):Value", trusted: "\(p):\(fault.code)")
            if let subcode = fault.subcode {
                xml.open("\(p):Subcode")
                if subcode.isWSSecurity {
                    xml.open("\(p):Value", ["xmlns:wsse": WSSecurity.secext])
                    xml.raw("wsse:\(subcode)")
                } else {
                    xml.open("\(p):Value", ["xmlns:h": HotelSearchContract.namespace])
                    xml.raw("h:\(subcode)")
                }
                xml.close("\(p):Value")
                xml.close("\(p):Subcode")
            }
            xml.close("\(p):Code")
            xml.open("\(p):Reason")
            xml.open("\(p):Text", ["xml:lang": "en"])
            try? xml.text(clean(fault.reason), field: "Reason")
            xml.close("\(p):Text")
            xml.close("\(p):Reason")
            if let detail = fault.detail {
                xml.open("\(p):Detail")
                xml.searchFault(detail, clean: clean)
                xml.close("\(p):Detail")
            }
        }
        xml.close("\(p):Fault")
        Envelope.close(&xml, version: v)
        return xml.bytes
    }
}

extension XMLWriter {
    /// Tags are written as literal runs (`</h:Name><h:Address>`): element by element,
    /// each name went through `String`'s UTF-8 view twice, a fifth of a page's writing.
    mutating func hotel(_ hotel: HotelInfo) throws(XMLWriterError) {
        try hotelHead(hotel)
        try distance(hotel.distanceKm)
        try hotelTail(hotel)
    }

    /// From `<h:Hotel>` to `</h:Price>`: what comes before the one field that depends on
    /// the query (`DistanceKm`).
    mutating func hotelHead(_ hotel: HotelInfo) throws(XMLWriterError) {
        literal("<h:Hotel><h:HotelId>")
        try text(hotel.id, field: "HotelId")
        literal("</h:HotelId><h:Name>")
        try text(hotel.name, field: "Name")
        literal("</h:Name><h:Address>")
        try text(hotel.address, field: "Address")
        literal("</h:Address><h:City>")
        try text(hotel.city, field: "City")
        literal("</h:City><h:Country>")
        try text(hotel.country, field: "Country")
        literal("</h:Country><h:Latitude>")
        try number(hotel.latitude, field: "Latitude")
        literal("</h:Latitude><h:Longitude>")
        try number(hotel.longitude, field: "Longitude")
        literal("</h:Longitude><h:Stars>")
        raw(String(hotel.stars))
        literal("</h:Stars><h:Price currency=\"")
        appendAttributeValue(hotel.price.currency)
        literal("\">")
        raw(hotel.price.amountText)
        literal("</h:Price>")
    }

    mutating func distance(_ distanceKm: Double?) throws(XMLWriterError) {
        guard let distanceKm else { return }
        literal("<h:DistanceKm>")
        try number(distanceKm, field: "DistanceKm")
        literal("</h:DistanceKm>")
    }

    /// From `<h:LogoURL>` to `</h:Hotel>`.
    mutating func hotelTail(_ hotel: HotelInfo) throws(XMLWriterError) {
        if let logo = hotel.logoURL { try literalElement("<h:LogoURL>", logo, "</h:LogoURL>", field: "LogoURL") }
        if let phone = hotel.phone { try literalElement("<h:Phone>", phone, "</h:Phone>", field: "Phone") }
        for amenity in hotel.amenities { try literalElement("<h:Amenity>", amenity, "</h:Amenity>", field: "Amenity") }
        literal("</h:Hotel>")
    }

    /// `open`, `value` escaped, `close`: an element whose tags are known at compile time.
    private mutating func literalElement(_ open: StaticString, _ value: String, _ close: StaticString, field: String)
        throws(XMLWriterError)
    {
        literal(open)
        try text(value, field: field)
        literal(close)
    }

    mutating func searchFault(_ detail: SearchFault, clean: (String) -> String) {
        open("h:SearchFault", ["xmlns:h": HotelSearchContract.namespace])
        try? element("h:Code", clean(detail.code.rawValue), field: "Code")
        try? element("h:Message", clean(detail.message), field: "Message")
        if let field = detail.field { try? element("h:Field", clean(field), field: "Field") }
        close("h:SearchFault")
    }
}
