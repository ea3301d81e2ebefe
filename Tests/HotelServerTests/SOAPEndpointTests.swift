import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

@Suite("SOAP endpoint on a real server")
struct SOAPEndpointTests {
    @Test("SearchHotels over SOAP 1.1 and 1.2 returns exactly the catalog's page", arguments: SOAPVersion.allCases)
    func search(version: SOAPVersion) async throws {
        let catalog = try TestCatalog.open()
        try await TestServer.with(catalog: catalog) { (server: TestServer) async throws in
            let query = HotelQuery(minStars: 3, sortBy: .price, offset: 10, limit: 25)
            let reply = try await server.post(try SOAPRequestBuilder(version: version).searchHotels(query))
            #expect(reply.status == 200)
            #expect(reply.headers.first(name: "Content-Type")?.hasPrefix(version.mediaType) == true)
            let page = try SOAPMessageParser.parseSearchPage(reply.body)
            var expected = try await catalog.search(query)
            for i in expected.hotels.indices { expected.hotels[i].logoURL = expected.hotels[i].logoURL.map { server.url + $0 } }
            #expect(page == expected)
            #expect(page.hotels.count == 25)
            #expect(page.hotels.allSatisfy { $0.stars >= 3 })
            #expect(page.hotels.first?.logoURL?.hasPrefix(server.url + "/logos/") == true)
        }
    }

    @Test(
        "the content type is read in any case and spacing; the SOAPAction with or without quotes and spaces",
        arguments: [
            ("TEXT/XML ; charset=UTF-8", "\" urn:hotel-search:v1#SearchHotels \""), ("Text/Xml", "urn:hotel-search:v1#SearchHotels"),
            (" text/xml;charset=utf-8", ""),
        ])
    func headerSpellings(contentType: String, action: String) async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let request = try SOAPRequestBuilder(version: .v11).searchHotels(HotelQuery(limit: 3))
            let reply = try await server.request(
                "/soap", method: .POST, headers: [("Content-Type", contentType), ("SOAPAction", action)], body: request.body)
            #expect(reply.status == 200)
            #expect(try SOAPMessageParser.parseSearchPage(reply.body).hotels.count == 3)
        }
    }

    @Test("two reads of the same page are identical")
    func stablePages() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let request = try SOAPRequestBuilder().searchHotels(HotelQuery(sortBy: .stars, offset: 300, limit: 50))
            let a = try SOAPMessageParser.parseSearchPage(try await server.post(request).body)
            let b = try SOAPMessageParser.parseSearchPage(try await server.post(request).body)
            #expect(a == b && a.hotels.count == 50)
        }
    }

    @Test("GetHotel returns the detail; an unknown id is a NotFound fault")
    func getHotel() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let first = try SOAPMessageParser.parseSearchPage(
                try await server.post(try SOAPRequestBuilder().searchHotels(HotelQuery(limit: 1))).body)
            let id = try #require(first.hotels.first?.id)
            let reply = try await server.post(try SOAPRequestBuilder(version: .v12).getHotel(id: id))
            #expect(reply.status == 200)
            let detail = try SOAPMessageParser.parseHotelDetail(reply.body)
            #expect(detail.hotel == first.hotels[0])
            #expect(!detail.description.isEmpty)

            let missing = try await server.post(try SOAPRequestBuilder(version: .v11).getHotel(id: "H9999999"))
            #expect(missing.status == 500)
            let fault = try #require(faultInEnvelope(missing.body))
            #expect(fault.code == .client && fault.detail?.code == .notFound && fault.detail?.field == "HotelId")
        }
    }

    @Test("each request gets one info log line with id, operation, status and duration")
    func logging() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            _ = try await server.post(try SOAPRequestBuilder().searchHotels(HotelQuery(limit: 5)))
            _ = try await server.request("/health")
            let lines = server.logs.entries.filter { $0.message == "request" }
            #expect(lines.count == 2)
            #expect(lines.first?.level == .info)
            #expect(lines.first?.metadata["operation"] == "SearchHotels")
            #expect(lines.first?.metadata["status"] == "200")
            #expect(lines.first?.metadata["hb.request.id"]?.isEmpty == false)
            #expect(lines.first?.metadata["duration_ms"] != nil)
        }
    }
}

/// The fault in a response body, or nil when it holds something else.
func faultInEnvelope(_ body: [UInt8]) -> SOAPFault? {
    guard case .fault(let fault)? = try? SOAPMessageParser.parse(body).message else { return nil }
    return fault
}
