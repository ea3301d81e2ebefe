import Foundation
import GRDB
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

/// Bad requests get a Client/Sender fault naming the field, HTTP 500, and the server
/// keeps answering afterwards.
@Suite("Faults, never crashes")
struct FaultTests {
    static let envelope11 =
        #"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:hotel-search:v1"><soap:Body>"#
    static let close11 = "</soap:Body></soap:Envelope>"

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let detailCode: SearchFaultCode
        let field: String?
        var testDescription: String { name }
    }

    /// A start tag carrying `count` attributes named `prefix0`, `prefix1`, …
    static func manyAttributes(_ count: Int, prefix: String) -> String {
        envelope11 + "<h:SearchHotels><h:City" + (0..<count).map { " \(prefix)\($0)=\"v\"" }.joined() + ">Oslo</h:City></h:SearchHotels>"
            + close11
    }

    static let cases: [Case] = [
        // Each would cost libxml2 2.9 seconds of quadratic checking, were it let read them.
        Case(
            name: "50,000 attributes on one element", body: manyAttributes(50_000, prefix: "a"), detailCode: .malformedRequest, field: nil),
        Case(
            name: "20,000 namespace declarations on one element", body: manyAttributes(20_000, prefix: "xmlns:p"),
            detailCode: .malformedRequest, field: nil),
        Case(
            name: "malformed XML", body: envelope11 + "<h:SearchHotels><h:City>Oslo</h:Cty></h:SearchHotels>" + close11,
            detailCode: .malformedRequest, field: nil),
        Case(
            name: "a DOCTYPE",
            body: #"<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>"# + envelope11
                + "<h:SearchHotels><h:City>&e;</h:City></h:SearchHotels>" + close11, detailCode: .malformedRequest, field: nil),
        Case(
            name: "a wrong namespace",
            body:
                #"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><SearchHotels xmlns="urn:hotel-search:v0"/></soap:Body></soap:Envelope>"#,
            detailCode: .unknownOperation, field: nil),
        Case(
            name: "an unknown operation", body: envelope11 + "<h:DeleteHotel><h:HotelId>H1</h:HotelId></h:DeleteHotel>" + close11,
            detailCode: .unknownOperation, field: nil),
        Case(
            name: "Limit 0", body: envelope11 + "<h:SearchHotels><h:Limit>0</h:Limit></h:SearchHotels>" + close11,
            detailCode: .invalidValue, field: "Limit"),
        Case(
            name: "Limit 501", body: envelope11 + "<h:SearchHotels><h:Limit>501</h:Limit></h:SearchHotels>" + close11,
            detailCode: .invalidValue, field: "Limit"),
        Case(
            name: "a negative Offset", body: envelope11 + "<h:SearchHotels><h:Offset>-1</h:Offset></h:SearchHotels>" + close11,
            detailCode: .invalidValue, field: "Offset"),
        Case(
            name: "latitude out of range",
            body: envelope11
                + "<h:SearchHotels><h:Near><h:Latitude>91</h:Latitude><h:Longitude>0</h:Longitude><h:RadiusKm>5</h:RadiusKm></h:Near></h:SearchHotels>"
                + close11, detailCode: .invalidValue, field: "Near/Latitude"),
        Case(
            name: "CheckOut before CheckIn",
            body: envelope11 + "<h:SearchHotels><h:CheckIn>2026-12-10</h:CheckIn><h:CheckOut>2026-12-01</h:CheckOut></h:SearchHotels>"
                + close11, detailCode: .invalidValue, field: "CheckOut"),
        Case(
            name: "a non-numeric Limit", body: envelope11 + "<h:SearchHotels><h:Limit>ten</h:Limit></h:SearchHotels>" + close11,
            detailCode: .invalidValue, field: "Limit"),
        Case(
            name: "SortBy distance without Near",
            body: envelope11 + "<h:SearchHotels><h:SortBy>distance</h:SortBy></h:SearchHotels>" + close11, detailCode: .invalidValue,
            field: "SortBy"),
        Case(
            name: "a response posted as a request",
            body: envelope11 + "<h:SearchHotelsResponse><h:TotalCount>0</h:TotalCount><h:Offset>0</h:Offset></h:SearchHotelsResponse>"
                + close11, detailCode: .unknownOperation, field: nil),
    ]

    struct StrictCase: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let field: String
        /// The reason must say this: what is wrong and what was expected.
        let says: String
        var testDescription: String { name }
    }

    /// Requests are held to the schema: a misspelt or misplaced element, or one in no
    /// namespace (as SOAP::Lite sends them), would otherwise be dropped and the search
    /// would answer more than was asked, with success.
    static let strictCases: [StrictCase] = [
        StrictCase(
            name: "a misspelt filter", body: envelope11 + "<h:SearchHotels><h:Cty>Oslo</h:Cty></h:SearchHotels>" + close11,
            field: "SearchHotels/Cty", says: "unknown element Cty in SearchHotels; expected one of City, Name, Near"),
        StrictCase(
            name: "a filter in no namespace", body: envelope11 + "<h:SearchHotels><City>Oslo</City></h:SearchHotels>" + close11,
            field: "SearchHotels/City",
            says: "element City in SearchHotels is in no namespace; the contract's elements are in urn:hotel-search:v1"),
        StrictCase(
            name: "a filter in another namespace",
            body: envelope11 + #"<h:SearchHotels><x:City xmlns:x="urn:other">Oslo</x:City></h:SearchHotels>"# + close11,
            field: "SearchHotels/City", says: "is in namespace urn:other"),
        StrictCase(
            name: "an unknown child of Near",
            body: envelope11 + "<h:SearchHotels><h:Near><h:Latitude>1</h:Latitude><h:Lon>2</h:Lon></h:Near></h:SearchHotels>" + close11,
            field: "SearchHotels/Near/Lon", says: "unknown element Lon in SearchHotels/Near; expected one of Latitude, Longitude, RadiusKm"),
        StrictCase(
            name: "markup inside a text field",
            body: envelope11 + "<h:SearchHotels><h:City><h:b>Oslo</h:b></h:City></h:SearchHotels>" + close11,
            field: "SearchHotels/City/b", says: "unexpected element b inside SearchHotels/City"),
        StrictCase(
            name: "an unknown child of GetHotel", body: envelope11 + "<h:GetHotel><h:HotelID>H1</h:HotelID></h:GetHotel>" + close11,
            field: "GetHotel/HotelID", says: "unknown element HotelID in GetHotel; expected one of HotelId"),
    ]

    @Test("requests are strict: an element the operation does not define is a sender fault naming it", arguments: strictCases)
    func strictRequest(_ c: StrictCase) async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let reply = try await server.post(raw: c.body)
            #expect(reply.status == 500)
            let fault = try #require(faultInEnvelope(reply.body), "\(reply.text)")
            #expect(fault.code == .client && fault.detail?.code == .malformedRequest, "\(fault)")
            #expect(fault.detail?.field == c.field, "\(fault)")
            #expect(fault.reason.contains(c.says), "\(fault.reason)")
        }
    }

    @Test("responses stay lenient: an unknown element in a response is skipped")
    func lenientResponses() throws {
        let response =
            #"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:hotel-search:v1"><soap:Body>"#
            + "<h:SearchHotelsResponse><h:TotalCount>0</h:TotalCount><h:Offset>0</h:Offset><h:NewField>x</h:NewField><Other>y</Other>"
            + "</h:SearchHotelsResponse></soap:Body></soap:Envelope>"
        #expect(try SOAPMessageParser.parseSearchPage(Array(response.utf8)) == SearchPage(totalCount: 0, offset: 0, hotels: []))
    }

    @Test("bad requests give a sender fault naming the field, and the server lives on", arguments: cases)
    func badRequest(_ c: Case) async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let reply = try await server.post(raw: c.body)
            #expect(reply.status == 500)
            let fault = try #require(faultInEnvelope(reply.body), "\(reply.text)")
            #expect(fault.version == .v11 && fault.code == .client)
            #expect(fault.detail?.code == c.detailCode, "\(fault)")
            #expect(fault.detail?.field == c.field, "\(fault)")
            #expect(try await server.request("/health").status == 200)
        }
    }

    @Test("a start tag past a parser limit: the fault names the element and the limit")
    func startTagLimit() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let reply = try await server.post(raw: Self.manyAttributes(50_000, prefix: "a"))
            let fault = try #require(faultInEnvelope(reply.body), "\(reply.text)")
            #expect(fault.reason.contains("h:City has more than 256 attributes"), "\(fault.reason)")
        }
    }

    @Test("SOAP 1.2 faults use Sender with a subcode")
    func soap12() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let body =
                #"<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" xmlns:h="urn:hotel-search:v1"><env:Body><h:SearchHotels><h:Limit>0</h:Limit></h:SearchHotels></env:Body></env:Envelope>"#
            let reply = try await server.post(raw: body, version: .v12)
            #expect(reply.status == 500)
            let fault = try #require(faultInEnvelope(reply.body))
            #expect(fault.version == .v12 && fault.code == .sender && fault.subcode == .invalidValue && fault.detail?.field == "Limit")
        }
    }

    @Test("a body over the cap is refused before it is read whole")
    func tooLarge() async throws {
        try await TestServer.with(maxBodySize: 64 * 1024) { (server: TestServer) async throws in
            let huge =
                FaultTests.envelope11 + "<h:SearchHotels><h:City>" + String(repeating: "x", count: 200_000) + "</h:City></h:SearchHotels>"
                + FaultTests.close11
            let reply = try await server.post(raw: huge)
            #expect(reply.status == 413)
            #expect(faultInEnvelope(reply.body)?.detail?.code == .requestTooLarge)
            #expect(try await server.request("/health").status == 200)
        }
    }

    @Test("an unsupported content type is 415 with a fault saying what to send")
    func contentType() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let reply = try await server.request(
                "/soap", method: .POST, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
            #expect(reply.status == 415)
            #expect(faultInEnvelope(reply.body)?.reason.contains("text/xml") == true)
        }
    }

    @Test("a SOAPAction that contradicts the body is refused")
    func actionMismatch() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let body = FaultTests.envelope11 + "<h:SearchHotels/>" + FaultTests.close11
            let reply = try await server.post(raw: body, action: HotelSearchContract.Operation.getHotel.action)
            #expect(reply.status == 500)
            #expect(faultInEnvelope(reply.body)?.detail?.code == .unknownOperation)
            #expect(try await server.post(raw: body, action: HotelSearchContract.Operation.searchHotels.action).status == 200)
        }
    }

    @Test("an internal failure is a Server fault that leaks nothing")
    func internalFailure() async throws {
        let path = try TestCatalog.copy()
        // In rollback-journal mode, as catalogs were before WAL, SQLite checks the file's change
        // counter at every read and meets the damage at once; in WAL it trusts its shared index,
        // and the pages it holds would still answer (nothing but SQLite writes a served catalog).
        let rollback = try DatabaseQueue(path: path)
        try await rollback.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        try rollback.close()
        let catalog = try TestCatalog.open(path)
        try await TestServer.with(catalog: catalog) { (server: TestServer) async throws in
            // Damage the database under the running server.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: [UInt8](repeating: 0xEE, count: 1 << 20))
            try handle.close()
            let reply = try await server.post(try SOAPRequestBuilder().searchHotels(HotelQuery(city: "Seoul", name: "zzz", limit: 7)))
            let fault = try #require(faultInEnvelope(reply.body), "\(reply.text)")
            #expect(reply.status == 500)
            #expect(fault.code == .server)
            #expect(!fault.reason.lowercased().contains("sql"))
            #expect(!fault.reason.contains(path))
            #expect(server.logs.entries.contains { $0.level == .error })
        }
    }
}
