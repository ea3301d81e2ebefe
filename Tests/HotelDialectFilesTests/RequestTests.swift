import Foundation
import HotelDialectFiles
import HotelSOAP
import Testing

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Requests rendered from a file's templates: values escaped for XML, sections that vanish,
/// environment variables, and the envelope and HTTP headers of SOAP 1.1 and 1.2.
@Suite("Dialect files: requests", .serialized)
struct RequestTests {
    static func file(soap: String? = nil, header: Bool = false, paging: String = "token") throws -> DialectFile {
        var lines = ["dialect: 1", "name: Acme"]
        if let soap { lines.append("soap: \"\(soap)\"") }
        lines += ["namespaces:", "  a: urn:acme", "request:", "  action: \"urn:acme#Find\""]
        if header { lines += ["  header: |", "    <k:Key xmlns:k=\"urn:key\">{{env.ACME_TEST_KEY}}</k:Key>"] }
        lines += [
            "  body: |",
            "    <a:Find xmlns:a=\"urn:acme\" city=\"{{city}}\">{{#name}}<a:Name>{{name}}</a:Name>{{/name}}{{#near}}<a:Near lat=\"{{latitude}}\" lon=\"{{longitude}}\" km=\"{{radiusKm}}\"/>{{/near}}{{#amenities}}<a:Amenity>{{.}}</a:Amenity>{{/amenities}}{{#pageToken}}<a:Next>{{{pageToken}}}</a:Next>{{/pageToken}}<a:Max>{{limit}}</a:Max><a:From>{{offset}}</a:From></a:Find>",
            "detail:", "  action: \"urn:acme#Get\"", "  body: |", "    <a:Get xmlns:a=\"urn:acme\" id=\"{{hotelId}}\"/>",
            "  root: a:GetResult",
            "  hotel: a:Hotel",
            "response:", "  root: a:Result", "  hotel: a:Offer", "  fields:", "    id: \"@id\"", "    name: \"@name\"",
            "    price: \"@price\"",
            "    currency: \"@cur\"",
        ]
        lines +=
            paging == "token"
            ? ["  paging:", "    token: { next: a:Next }"]
            : paging == "offset" ? ["  paging:", "    offset: { total: a:Total, offset: a:From }"] : []
        return try dialect(lines.joined(separator: "\n"))
    }

    static func text(_ request: SOAPRequest) -> String { String(decoding: request.body, as: UTF8.self) }

    @Test("values are escaped for XML: < & \" ' in text and attributes, also in triple mustaches")
    func escaping() throws {
        var query = HotelQuery(city: #"A<B & "C" 'D'"#, name: "Tom & Jerry's")
        query.amenities = ["<wifi>"]
        let request = try Self.file().searchRequest(query, page: PageRequest(start: .token("t<&>"), size: 20), version: .v11)
        let body = Self.text(request)
        #expect(body.contains(#"city="A&lt;B &amp; &quot;C&quot; &apos;D&apos;""#), "\(body)")
        #expect(body.contains("<a:Name>Tom &amp; Jerry&apos;s</a:Name>"), "\(body)")
        #expect(body.contains("<a:Amenity>&lt;wifi&gt;</a:Amenity>"), "\(body)")
        #expect(body.contains("<a:Next>t&lt;&amp;&gt;</a:Next>"), "\(body)")
        #expect(body.contains("<a:Max>20</a:Max>"), "\(body)")
        // The envelope parses as XML with the values intact.
        let parsed = try XMLDocument(data: Data(request.body))
        #expect(try parsed.nodes(forXPath: "//*[local-name()='Name']").first?.stringValue == "Tom & Jerry's")
    }

    @Test("sections of absent parameters vanish; present ones render")
    func sections() throws {
        let plain = Self.text(try Self.file().searchRequest(HotelQuery(), page: .first(size: 5), version: .v11))
        #expect(
            !plain.contains("a:Name") && !plain.contains("a:Near") && !plain.contains("a:Amenity") && !plain.contains("a:Next"), "\(plain)")
        #expect(plain.contains(#"city="""#) && plain.contains("<a:From>0</a:From>"), "\(plain)")
        let near = HotelQuery(near: GeoCircle(latitude: 35.5, longitude: -0.25, radiusKm: 3))
        let body = Self.text(try Self.file().searchRequest(near, page: .first(size: 5), version: .v11))
        #expect(body.contains(#"<a:Near lat="35.5" lon="-0.25" km="3.0"/>"#), "\(body)")
    }

    @Test("paging: an offset start with offset paging; a token only with token paging")
    func pageStarts() throws {
        let offset = try Self.file(paging: "offset")
        #expect(
            Self.text(try offset.searchRequest(HotelQuery(), page: PageRequest(start: .offset(40), size: 20), version: .v11)).contains(
                "<a:From>40</a:From>"))
        #expect(throws: SOAPDialectError.self) {
            try offset.searchRequest(HotelQuery(), page: PageRequest(start: .token("x"), size: 20), version: .v11)
        }
        #expect(throws: SOAPDialectError.self) {
            try Self.file().searchRequest(HotelQuery(), page: PageRequest(start: .offset(40), size: 20), version: .v11)
        }
    }

    @Test("SOAP 1.1: SOAPAction header; 1.2: the action in the content type; the file's soap wins")
    func versions() throws {
        let v11 = try Self.file().searchRequest(HotelQuery(), page: .first(size: 5), version: .v11)
        #expect(v11.version == .v11)
        #expect(v11.headers.contains { $0.name == "SOAPAction" && $0.value == "\"urn:acme#Find\"" })
        #expect(Self.text(v11).contains("http://schemas.xmlsoap.org/soap/envelope/"))
        let v12 = try Self.file(soap: "1.2").searchRequest(HotelQuery(), page: .first(size: 5), version: .v11)
        #expect(v12.version == .v12)
        #expect(v12.headers.contains { $0.name == "Content-Type" && $0.value.contains("action=\"urn:acme#Find\"") })
        #expect(!v12.headers.contains { $0.name == "SOAPAction" })
        #expect(Self.text(v12).contains("http://www.w3.org/2003/05/soap-envelope"))
        // Without `soap` in the file, the caller's version.
        #expect(try Self.file().searchRequest(HotelQuery(), page: .first(size: 5), version: .v12).version == .v12)
    }

    @Test("header blocks from the environment; a missing variable is an error naming it")
    func environment() throws {
        let file = try Self.file(header: true)
        unsetenv("ACME_TEST_KEY")
        let error = #expect(throws: DialectRequestError.self) { try file.searchRequest(HotelQuery(), page: .first(size: 5), version: .v11) }
        #expect(error?.description.contains("ACME_TEST_KEY") == true)
        setenv("ACME_TEST_KEY", "k&y", 1)
        defer { unsetenv("ACME_TEST_KEY") }
        let request = try file.searchRequest(HotelQuery(), page: .first(size: 5), version: .v11)
        let body = Self.text(request)
        #expect(body.contains(#"<soap:Header><k:Key xmlns:k="urn:key">k&amp;y</k:Key>"#), "\(body)")
        // A WS-Security block added by the client goes into the same Header.
        let signed = Self.text(try request.addingHeader(Array("<w:Security xmlns:w=\"urn:w\"/>".utf8)))
        #expect(signed.components(separatedBy: "<soap:Header>").count == 2, "\(signed)")
        #expect(signed.contains("<w:Security xmlns:w=\"urn:w\"/></soap:Header><soap:Body>"), "\(signed)")
        // The detail request carries the header too.
        #expect(Self.text(try file.detailRequest(hotelID: "H<1>", version: .v11)).contains("k&amp;y"))
    }

    @Test("the detail request; a file without one says so")
    func detail() throws {
        let request = try Self.file().detailRequest(hotelID: "H\"1", version: .v11)
        #expect(Self.text(request).contains(#"<a:Get xmlns:a="urn:acme" id="H&quot;1"/>"#))
        #expect(request.action == "urn:acme#Get")
        #expect(try Self.file().hasDetails)
        let parseOnly = try dialect(
            "dialect: 1\nresponse:\n  root: R\n  hotel: H\n  fields: { id: \"@id\", name: \"@n\", price: \"@p\", currency: \"@c\" }\n",
            file: "dir/parse-only.yaml")
        #expect(!parseOnly.canSearch && !parseOnly.hasDetails)
        #expect(parseOnly.name == "parse-only")
        #expect(throws: SOAPDialectError.self) { try parseOnly.searchRequest(HotelQuery(), page: .first(size: 5), version: .v11) }
    }

    @Test("auth: wsse and basic are read from the file")
    func auth() throws {
        let base =
            "dialect: 1\nresponse:\n  root: R\n  hotel: H\n  fields: { id: \"@id\", name: \"@n\", price: \"@p\", currency: \"@c\" }\n"
        #expect(try dialect(base + "auth:\n  wsse: true\n").auth == .wsse)
        #expect(try dialect(base + "auth:\n  basic: true\n").auth == .basic)
        #expect(refusal(base + "auth:\n  wsse: true\n  basic: true\n") != nil)
    }
}
