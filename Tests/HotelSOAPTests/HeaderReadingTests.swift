import Foundation
import HotelSOAP
import Testing

/// The request parsers (`SOAPMessageParser(readsHeader: true)`, `OTAAvailRequestReader`)
/// record the SOAP Header: each block's name, mustUnderstand and role, and wsse:Security's
/// UsernameToken and Timestamp, as sent. Responses skip it, as before.
@Suite("Reading a request's SOAP Header")
struct HeaderReadingTests {
    static let secext = WSSecurity.secext
    static let utility = WSSecurity.utility

    /// A SearchHotels request in `version` whose Header holds `header` (raw XML).
    static func request(_ version: SOAPVersion, header: String) throws -> [UInt8] {
        try SOAPRequestBuilder(version: version).searchHotels(HotelQuery(city: "Oslo")).addingHeader(Array(header.utf8)).body
    }

    static func read(_ bytes: [UInt8]) throws -> (SOAPEnvelope, SOAPHeader) {
        let parser = SOAPMessageParser(readsHeader: true)
        try parser.feed(bytes)
        let envelope = try parser.finish()
        return (envelope, try #require(parser.header))
    }

    static func prefix(_ version: SOAPVersion) -> String { version == .v11 ? "soap" : "env" }

    @Test("our own UsernameToken header (digest, Timestamp) comes back field by field", arguments: SOAPVersion.allCases)
    func ownToken(_ version: SOAPVersion) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000.25)
        let nonce: [UInt8] = Array(0..<16)
        let block = try UsernameToken(username: "agent7", password: "s3cret", type: .digest).header(now: now, nonce: nonce)
        let (envelope, header) = try Self.read(
            try SOAPRequestBuilder(version: version).searchHotels(HotelQuery(city: "Oslo")).addingHeader(block).body)
        #expect(envelope.message == .searchHotels(HotelQuery(city: "Oslo")))
        #expect(header.blocks == [SOAPHeader.Block(name: "Security", namespace: Self.secext)])
        let security = try #require(header.security)
        #expect(!security.isMalformed)
        let token = try #require(security.usernameToken)
        let created = WSSecurity.timestamp(now)
        #expect(token.username == "agent7")
        #expect(token.passwordType == .digest)
        #expect(token.passwordTypeURI == WSSecurity.passwordDigest)
        #expect(token.password == WSSecurity.passwordDigest(nonce: nonce, created: created, password: "s3cret"))
        #expect(token.nonce == Data(nonce).base64EncodedString())
        #expect(token.nonceEncodingType == WSSecurity.base64Binary)
        #expect(token.created == created)
        #expect(
            security.timestamp == WSSecurityHeader.Timestamp(created: created, expires: WSSecurity.timestamp(now.addingTimeInterval(300))))
    }

    @Test("PasswordText without a Type attribute is PasswordText; an unknown Type is no type")
    func passwordType() throws {
        func token(_ typeAttribute: String) throws -> WSSecurityHeader.Token {
            let header =
                "<wsse:Security xmlns:wsse=\"\(Self.secext)\"><wsse:UsernameToken><wsse:Username> agent7\n</wsse:Username>"
                + "<wsse:Password\(typeAttribute)> pass word </wsse:Password></wsse:UsernameToken></wsse:Security>"
            return try #require(try Self.read(try Self.request(.v11, header: header)).1.security?.usernameToken)
        }
        let plain = try token("")
        #expect(plain.passwordTypeURI == nil)
        #expect(plain.passwordType == .text)
        #expect(plain.username == "agent7", "the name is trimmed")
        #expect(plain.password == " pass word ", "the password is kept exactly")
        #expect(try token(" Type=\"\(WSSecurity.passwordText)\"").passwordType == .text)
        #expect(try token(" Type=\"urn:example:PasswordSHA256\"").passwordType == nil)
    }

    @Test("mustUnderstand: 1 and true in the envelope's namespace; 0, false, absent or the other version's attribute are not")
    func mustUnderstand() throws {
        let v11 = SOAPVersion.v11.envelopeNamespace
        let v12 = SOAPVersion.v12.envelopeNamespace
        let cases: [(SOAPVersion, String, Bool)] = [
            (.v11, "soap:mustUnderstand=\"1\"", true),
            (.v11, "soap:mustUnderstand=\"true\"", true),
            (.v11, "soap:mustUnderstand=\" 1 \"", true),
            (.v11, "soap:mustUnderstand=\"0\"", false),
            (.v11, "", false),
            (.v11, "o:mustUnderstand=\"1\" xmlns:o=\"\(v12)\"", false),
            (.v11, "mustUnderstand=\"1\"", false),
            (.v12, "env:mustUnderstand=\"true\"", true),
            (.v12, "env:mustUnderstand=\"1\"", true),
            (.v12, "env:mustUnderstand=\"false\"", false),
            (.v12, "o:mustUnderstand=\"1\" xmlns:o=\"\(v11)\"", false),
        ]
        for (version, attribute, expected) in cases {
            let (_, header) = try Self.read(try Self.request(version, header: "<x:Trace xmlns:x=\"urn:x\" \(attribute)>t</x:Trace>"))
            #expect(
                header.blocks == [SOAPHeader.Block(name: "Trace", namespace: "urn:x", mustUnderstand: expected)], "\(version) \(attribute)")
        }
    }

    @Test("mustUnderstand=\"yes\" is no xsd:boolean: the request is refused, naming the block")
    func mustUnderstandInvalid() throws {
        let error = try #require(throws: SOAPParseError.self) {
            try Self.read(try Self.request(.v11, header: "<x:Trace xmlns:x=\"urn:x\" soap:mustUnderstand=\"yes\"/>"))
        }
        #expect(error.kind == .invalidValue)
        #expect(error.field == "Header/Trace@mustUnderstand")
    }

    @Test("actor/role: next, ultimateReceiver and none are told apart; a Security block for another actor is not read")
    func roles() throws {
        let next11 = SOAPHeader.Block(name: "T", namespace: nil, role: "http://schemas.xmlsoap.org/soap/actor/next")
        #expect(next11.isForUltimateReceiver(in: .v11))
        #expect(!SOAPHeader.Block(name: "T", namespace: nil, role: "urn:cache").isForUltimateReceiver(in: .v11))
        #expect(SOAPHeader.Block(name: "T", namespace: nil).isForUltimateReceiver(in: .v12))
        #expect(
            SOAPHeader.Block(name: "T", namespace: nil, role: "http://www.w3.org/2003/05/soap-envelope/role/ultimateReceiver")
                .isForUltimateReceiver(in: .v12))
        #expect(
            !SOAPHeader.Block(name: "T", namespace: nil, role: "http://www.w3.org/2003/05/soap-envelope/role/none").isForUltimateReceiver(
                in: .v12))

        let forProxy =
            "<wsse:Security xmlns:wsse=\"\(Self.secext)\" env:role=\"urn:proxy\" env:mustUnderstand=\"true\">"
            + "<wsse:UsernameToken><wsse:Username>a</wsse:Username></wsse:UsernameToken></wsse:Security>"
        let (_, header) = try Self.read(try Self.request(.v12, header: forProxy))
        #expect(header.blocks == [SOAPHeader.Block(name: "Security", namespace: Self.secext, mustUnderstand: true, role: "urn:proxy")])
        #expect(header.security == nil)
    }

    @Test("a repeated token or field, a second Security block or markup inside a field: malformed, never one reading picked")
    func malformed() throws {
        let token = "<wsse:UsernameToken><wsse:Username>a</wsse:Username></wsse:UsernameToken>"
        let shapes = [
            "<wsse:Security xmlns:wsse=\"\(Self.secext)\">\(token)\(token)</wsse:Security>",
            "<wsse:Security xmlns:wsse=\"\(Self.secext)\"><wsse:UsernameToken><wsse:Username>a</wsse:Username><wsse:Username>b</wsse:Username></wsse:UsernameToken></wsse:Security>",
            "<wsse:Security xmlns:wsse=\"\(Self.secext)\">\(token)</wsse:Security><wsse:Security xmlns:wsse=\"\(Self.secext)\"/>",
            "<wsse:Security xmlns:wsse=\"\(Self.secext)\"><wsse:UsernameToken><wsse:Password>ab<b>c</b>d</wsse:Password></wsse:UsernameToken></wsse:Security>",
            "<wsse:Security xmlns:wsse=\"\(Self.secext)\" xmlns:wsu=\"\(Self.utility)\"><wsu:Timestamp/><wsu:Timestamp/></wsse:Security>",
        ]
        for shape in shapes {
            let (_, header) = try Self.read(try Self.request(.v11, header: shape))
            #expect(header.security?.isMalformed == true, "\(shape)")
        }
    }

    @Test("the parser's limits hold in the Header: one field's size, the number of blocks")
    func limits() throws {
        let long = String(repeating: "x", count: 2_000)
        let parser = SOAPMessageParser(limits: .init(maxFieldBytes: 1_000), readsHeader: true)
        let error = try #require(throws: SOAPParseError.self) {
            try parser.feed(
                try Self.request(
                    .v11,
                    header:
                        "<wsse:Security xmlns:wsse=\"\(Self.secext)\"><wsse:UsernameToken><wsse:Password>\(long)</wsse:Password></wsse:UsernameToken></wsse:Security>"
                ))
            _ = try parser.finish()
        }
        #expect(error.kind == .invalidValue)

        let blocks = (0..<65).map { "<x:B\($0) xmlns:x=\"urn:x\"/>" }.joined()
        let tooMany = try #require(throws: SOAPParseError.self) { try Self.read(try Self.request(.v12, header: blocks)) }
        #expect(tooMany.kind == .tooLarge)
        let (_, header) = try Self.read(try Self.request(.v12, header: String(blocks.dropLast("<x:B64 xmlns:x=\"urn:x\"/>".count))))
        #expect(header.blocks.count == 64)
    }

    @Test("a second Header, or one after the Body, is refused")
    func headerPlacement() throws {
        let p = "soap"
        let envelope = "<\(p):Envelope xmlns:\(p)=\"\(SOAPVersion.v11.envelopeNamespace)\" xmlns:h=\"urn:hotel-search:v1\">"
        let body = "<\(p):Body><h:GetHotel><h:HotelId>H1</h:HotelId></h:GetHotel></\(p):Body>"
        let hidden = "<\(p):Header><x:T xmlns:x=\"urn:x\" \(p):mustUnderstand=\"1\"/></\(p):Header>"
        for document in [
            envelope + "<\(p):Header/>" + hidden + body + "</\(p):Envelope>", envelope + body + hidden + "</\(p):Envelope>",
        ] {
            let error = try #require(throws: SOAPParseError.self) { try Self.read(Array(document.utf8)) }
            #expect(error.kind == .unexpectedElement)
        }
    }

    @Test("without a Header the header is empty; a Body that fails to parse leaves the header read")
    func noHeaderAndBodyErrors() throws {
        let (_, empty) = try Self.read(try SOAPRequestBuilder(version: .v12).getHotel(id: "H1").body)
        #expect(empty == SOAPHeader())

        let parser = SOAPMessageParser(readsHeader: true)
        let bad = String(decoding: try Self.request(.v11, header: "<x:T xmlns:x=\"urn:x\"/>"), as: UTF8.self)
            .replacingOccurrences(of: "<h:City>", with: "<h:Cty>").replacingOccurrences(of: "</h:City>", with: "</h:Cty>")
        #expect(throws: SOAPParseError.self) {
            try parser.feed(Array(bad.utf8))
            _ = try parser.finish()
        }
        #expect(parser.header?.blocks.map(\.name) == ["T"])
    }

    @Test("a response's Header is skipped unread, as before")
    func responsesSkipIt() throws {
        let page = SearchPage(totalCount: 0, offset: 0, hotels: [])
        let response = String(decoding: try SOAPResponseWriter.searchResults(page, version: .v11), as: UTF8.self)
            .replacingOccurrences(
                of: "<soap:Body>", with: "<soap:Header><x:T xmlns:x=\"urn:x\" soap:mustUnderstand=\"yes\"/></soap:Header><soap:Body>")
        let parser = SOAPMessageParser()
        try parser.feed(Array(response.utf8))
        #expect(try parser.finish().message == .searchResults(page))
        #expect(parser.header == nil)
    }

    @Test("OpenTravel requests: OTAAvailRequestReader reads the Header the same way", arguments: SOAPVersion.allCases)
    func openTravel(_ version: SOAPVersion) throws {
        let block = try UsernameToken(username: "agent7", password: "pw", type: .text, timestampLifetime: nil).header()
        let request = try OTADialect().searchRequest(HotelQuery(city: "Oslo"), page: .first(size: 5), version: version).addingHeader(block)
        let reader = OTAAvailRequestReader()
        try reader.feed(request.body)
        _ = try reader.finish()
        let token = try #require(reader.header?.security?.usernameToken)
        #expect(token.username == "agent7")
        #expect(token.password == "pw")
        #expect(token.passwordType == .text)
        #expect(reader.header?.security?.timestamp == nil)
    }

    @Test("the password and the nonce never show in description, debugDescription or dump")
    func redacted() throws {
        let token = WSSecurityHeader.Token(
            username: "agent7", password: "hunter2-secret", passwordTypeURI: WSSecurity.passwordDigest, nonce: "Tk9OQ0UtdmFsdWU=",
            created: "2030-01-01T00:00:00Z")
        let security = WSSecurityHeader(usernameToken: token)
        var dumped = ""
        dump(security, to: &dumped)
        for text in [security.description, security.debugDescription, token.description, String(reflecting: token), dumped] {
            #expect(text.contains("agent7"))
            #expect(!text.contains("hunter2"), "\(text)")
            #expect(!text.contains("Tk9OQ0U"), "\(text)")
        }
    }
}
