import Foundation
import HotelCatalogs
import HotelSOAP
import HotelServer
import NIOHTTP1
import Testing

/// HEAD wherever GET works (issue 34): a monitor's `curl -I /health`, a proxy checking a
/// logo, a client asking a WSDL's size get GET's status and headers and no body.
@Suite("HEAD answers as GET does, without the body")
struct HeadTests {
    /// Every GET route, and GET's own refusals (405 on a bare `/soap`, 400 and 404 on logos):
    /// HEAD says the same.
    static let paths = [
        "/health", "/wsdl", "/soap?wsdl", "/ota?wsdl", "/soap", "/ota",
        "/logos/H9999999.png", "/logos/H0000001.png?size=100000",
    ]

    @Test("same status and headers but Date, an empty body, Content-Length of GET's body", arguments: HeadTests.paths)
    func sameAsGet(path: String) async throws {
        try await TestServer.with { (server: TestServer) async throws in
            _ = try await Self.compare(server, path)
        }
    }

    @Test("a logo: ETag, Cache-Control, Content-Type as GET; If-None-Match gives 304 to HEAD too")
    func logo() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let page = try SOAPMessageParser.parseSearchPage(
                try await server.post(try SOAPRequestBuilder().searchHotels(HotelQuery(limit: 1))).body)
            let path = String(try #require(page.hotels.first?.logoURL).dropFirst(server.url.count))
            let (get, head) = try await Self.compare(server, path)
            #expect(get.status == 200 && head.headers.first(name: "Content-Type") == "image/png")
            let etag = try #require(head.headers.first(name: "ETag"))
            #expect(head.headers.first(name: "Cache-Control")?.contains("max-age") == true)
            try await Self.compare(server, path + "?size=128")

            let conditional = [("If-None-Match", etag)]
            let (get304, head304) = try await Self.compare(server, path, headers: conditional)
            #expect(get304.status == 304 && head304.status == 304)
            #expect(head304.headers.first(name: "ETag") == etag)
        }
    }

    @Test("HEAD /health carries the catalog header; the connection serves the next request")
    func healthHeader() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let head = try await server.request("/health", method: .HEAD)
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers.first(name: "X-Hotel-Catalog")?.isEmpty == false)
            // Framing held: a body-less answer with a Content-Length left nothing on the wire
            // that the next request on the pooled connection would read as its answer.
            for _ in 0..<3 { #expect(try await server.request("/health", method: .HEAD).status == 200) }
            let get = try await server.request("/health")
            #expect(get.status == 200 && get.text.hasPrefix("ok: "), "\(get.text)")
            #expect(server.logs.entries.contains { $0.message == "request" && $0.metadata["method"] == "HEAD" })
        }
    }

    /// GET then HEAD of `path`; expects what the suite promises and returns both.
    @discardableResult
    static func compare(
        _ server: TestServer, _ path: String, headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (get: TestServer.Reply, head: TestServer.Reply) {
        let get = try await server.request(path, headers: headers)
        let head = try await server.request(path, method: .HEAD, headers: headers)
        #expect(head.status == get.status, "\(path)", sourceLocation: sourceLocation)
        #expect(head.body.isEmpty, "\(path): HEAD sent \(head.body.count) bytes", sourceLocation: sourceLocation)
        #expect(fields(head.headers) == fields(get.headers), "\(path)", sourceLocation: sourceLocation)
        if get.status != 304 {
            #expect(head.headers.first(name: "Content-Length") == "\(get.body.count)", "\(path)", sourceLocation: sourceLocation)
        }
        return (get, head)
    }

    /// The headers by lowercased name, values sorted, Date left out (it may tick between the two).
    static func fields(_ headers: HTTPHeaders) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for (name, value) in headers where name.lowercased() != "date" {
            fields[name.lowercased(), default: []].append(value)
        }
        return fields.mapValues { $0.sorted() }
    }
}
