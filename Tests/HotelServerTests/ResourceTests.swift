import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Imaging
import Testing

@Suite("WSDL, logos and health")
struct ResourceTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the served WSDL is the contract file with our own address", arguments: ["/wsdl", "/soap?wsdl"])
    func wsdl(path: String) async throws {
        let file = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("WSDL/HotelSearch.wsdl"), encoding: .utf8)
        try await TestServer.with { (server: TestServer) async throws in
            let reply = try await server.request(path)
            #expect(reply.status == 200)
            #expect(reply.text.contains("location=\"\(server.url)/soap\""))
            #expect(reply.text == file.replacingOccurrences(of: "http://localhost:8080/soap", with: "\(server.url)/soap"))
        }
    }

    @Test("a logo is a PNG with an ETag; If-None-Match gives 304")
    func logo() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let page = try SOAPMessageParser.parseSearchPage(
                try await server.post(try SOAPRequestBuilder().searchHotels(HotelQuery(limit: 2))).body)
            let url = try #require(page.hotels[0].logoURL)
            let path = String(url.dropFirst(server.url.count))
            let reply = try await server.request(path)
            #expect(reply.status == 200)
            #expect(reply.headers.first(name: "Content-Type") == "image/png")
            #expect(reply.headers.first(name: "Cache-Control")?.contains("max-age") == true)
            let image = try ImageDecoder.decode(reply.body)
            #expect(image.width == 64 && image.height == 64)
            let etag = try #require(reply.headers.first(name: "ETag"))
            #expect(try await server.request(path, headers: [("If-None-Match", etag)]).status == 304)
            let big = try await server.request(path + "?size=128")
            #expect(try ImageDecoder.decode(big.body).width == 128)
            // Two hotels, two different logos.
            let other = try await server.request(String(page.hotels[1].logoURL!.dropFirst(server.url.count)))
            #expect(other.body != reply.body)
        }
    }

    @Test("unknown logos are 404 and bad sizes 400")
    func logoErrors() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            #expect(try await server.request("/logos/H9999999.png").status == 404)
            #expect(try await server.request("/logos/..%2Fetc.png").status == 404)
            #expect(try await server.request("/logos/H0000001.png?size=100000").status == 400)
        }
    }

    @Test("health reports the catalog size")
    func health() async throws {
        try await TestServer.with { (server: TestServer) async throws in
            let reply = try await server.request("/health")
            #expect(reply.status == 200)
            #expect(reply.text == "ok: \(TestCatalog.count) hotels\n")
        }
    }

    @Test("the served WSDL is WSDL/HotelSearch.wsdl (the server's resource), byte for byte but for the address")
    func embeddedCopy() throws {
        let file = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("WSDL/HotelSearch.wsdl"), encoding: .utf8)
        #expect(WSDLDocument.hotelSearch.text(endpoint: "http://localhost:8080/soap") == file)
    }
}
