import Foundation
import HotelSOAP
import Testing

/// Hostile and non-SOAP input: refused with a clear error, never expanded, never a crash.
@Suite("Hostile and non-SOAP input")
struct SafetyTests {
    func parseError(_ text: String) -> SOAPParseError? {
        #expect(throws: SOAPParseError.self) { try SOAPMessageParser.parse(Array(text.utf8)) }
    }

    @Test("a DOCTYPE is refused before any entity is read")
    func doctype() {
        let error = parseError(
            """
            <?xml version="1.0"?>
            <!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>&e;</soap:Body></soap:Envelope>
            """)
        #expect(error?.kind == .doctype)
        #expect(error?.line == 2)
    }

    @Test("nesting deeper than the limit is refused")
    func depth() {
        let deep = String(repeating: "<x>", count: 200) + String(repeating: "</x>", count: 200)
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>0</h:TotalCount><h:Offset>0</h:Offset>\
            \(deep)</h:SearchHotelsResponse></soap:Body></soap:Envelope>
            """)
        #expect(error?.kind == .tooDeep)
    }

    @Test("an HTML error page says what arrived")
    func html() {
        let error = parseError(
            "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>")
        #expect(error?.kind == .notXML)
        #expect(error?.description.contains("HTML page (\"502 Bad Gateway\")") == true)
    }

    @Test(
        "plain text, JSON and an empty body are not XML", arguments: ["Service Unavailable", "{\"error\":\"rate limited\"}", "", "   \n"])
    func notXML(_ body: String) {
        let error = parseError(body)
        #expect(error?.kind == .notXML)
    }

    @Test("XML that is not SOAP names its root element")
    func notSOAP() {
        let error = parseError("<rss version=\"2.0\"><channel/></rss>")
        #expect(error?.kind == .notSOAP)
        #expect(error?.description.contains("<rss>") == true)
    }

    @Test("a body element from another namespace is refused, naming it")
    func wrongNamespace() {
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <SearchHotels xmlns="urn:hotel-search:v2"/></soap:Body></soap:Envelope>
            """)
        #expect(error?.kind == .unexpectedMessage)
        #expect(error?.description.contains("urn:hotel-search:v2") == true)
    }

    /// The parser holds back bytes after a chunk's last `>`; a hostile body with none must
    /// still reach libxml2 (and fail) before it ends, not pile up in our memory. With the
    /// start-tag limit it fails at that limit; without, at libxml2's own for one token.
    @Test(
        "a start tag that never ends is refused while it streams in",
        arguments: [(64 << 10, SOAPParseError.Kind.tooLarge, 100_000), (0, .malformed, 11_000_000)])
    func endlessStartTag(_ maxStartTagBytes: Int, _ kind: SOAPParseError.Kind, _ within: Int) throws {
        let parser = SOAPMessageParser(limits: .init(maxStartTagBytes: maxStartTagBytes))
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)
        try parser.feed(Array(#"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><x"#.utf8))
        var fed = 0
        let error = #expect(throws: SOAPParseError.self) {
            while fed < 20_000_000 {
                try parser.feed(piece)
                fed += piece.count
            }
        }
        #expect(error?.kind == kind)
        // libxml2 gives up on one token after 10 MB (XML_MAX_LOOKUP_LIMIT); held back
        // without limit, the bytes would never have reached it.
        #expect(fed < within, "refused after \(fed) bytes")
    }

    @Test("a misspelt last end tag is malformed, not cut off")
    func misspeltLastTag() {
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>0</h:TotalCount>\
            <h:Offset>0</h:Offset></h:SearchHotelsResponse></soap:Body></soap:Envelop>

            """)
        #expect(error?.kind == .malformed)
        #expect(error?.description.contains("Envelop") == true)
    }

    @Test("an undeclared entity is malformed XML with its position")
    func undeclaredEntity() {
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
            <soap:Body>&nbsp;</soap:Body></soap:Envelope>
            """)
        #expect(error?.kind == .malformed)
        #expect(error?.line == 2)
    }

    @Test("a value of the wrong type names the field")
    func invalidValue() {
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset>\
            <h:Hotel><h:HotelId>H1</h:HotelId><h:Name>n</h:Name><h:Address>a</h:Address><h:City>c</h:City>\
            <h:Country>KR</h:Country><h:Latitude>37</h:Latitude><h:Longitude>127</h:Longitude><h:Stars>four</h:Stars>\
            <h:Price currency="KRW">1</h:Price></h:Hotel></h:SearchHotelsResponse></soap:Body></soap:Envelope>
            """)
        #expect(error?.kind == .invalidValue)
        #expect(error?.field == "Hotel/Stars")
        #expect(error?.description.contains("\"four\"") == true)
    }

    @Test("a missing required field names the field and the hotel")
    func missingField() {
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset>\
            <h:Hotel><h:HotelId>H9</h:HotelId><h:Name>n</h:Name></h:Hotel></h:SearchHotelsResponse></soap:Body></soap:Envelope>
            """)
        #expect(error?.field == "Hotel/Address")
        #expect(error?.description.contains("H9") == true)
    }

    @Test(
        "Price: missing, without or with a blank currency, or not a number, names the field",
        arguments: [
            ("", "Hotel/Price"),
            ("<h:Price>1</h:Price>", "Hotel/Price/@currency"),
            ("<h:Price currency=\"  \">1</h:Price>", "Hotel/Price/@currency"),
            ("<h:Price currency=\"EUR\">1,5</h:Price>", "Hotel/Price"),
        ])
    func priceProblems(price: String, field: String) {
        // Two hotels: the first is valid, so nothing of its price may leak into the second.
        let hotel = """
            <h:Name>n</h:Name><h:Address>a</h:Address><h:City>c</h:City><h:Country>KR</h:Country>\
            <h:Latitude>37</h:Latitude><h:Longitude>127</h:Longitude><h:Stars>4</h:Stars>
            """
        let error = parseError(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>2</h:TotalCount><h:Offset>0</h:Offset>\
            <h:Hotel><h:HotelId>H1</h:HotelId>\(hotel)<h:Price currency="KRW">1</h:Price></h:Hotel>\
            <h:Hotel><h:HotelId>H2</h:HotelId>\(hotel)\(price)</h:Hotel>\
            </h:SearchHotelsResponse></soap:Body></soap:Envelope>
            """)
        #expect(error?.kind == .invalidValue)
        #expect(error?.field == field, "\(String(describing: error))")
    }

    @Test("garbage bytes never crash the parser")
    func fuzzish() throws {
        let seed = Array(try Fixtures.sample("responses/search-ours-soap11.xml"))
        var rng = SplitMix64(seed: 42)
        for _ in 0..<300 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = try? SOAPMessageParser.parse(bytes)
        }
    }

    @Test("a text field over the limit is an error naming it, before it is collected whole")
    func fieldLimit() {
        let response = """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset>\
            <h:Hotel><h:HotelId>H1</h:HotelId><h:Name>\(String(repeating: "x", count: 2000))</h:Name></h:Hotel>\
            </h:SearchHotelsResponse></soap:Body></soap:Envelope>
            """
        let parser = SOAPMessageParser(limits: .init(maxFieldBytes: 1000))
        let error = #expect(throws: SOAPParseError.self) {
            try parser.feed(Array(response.utf8))
            _ = try parser.finish()
        }
        #expect(error?.kind == .invalidValue && error?.field == "Name", "\(String(describing: error))")
        #expect(error?.reason.contains("longer than 1000 bytes") == true)
    }
}
