import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import HotelTestSupport
import Testing

/// `/health` reads the catalog: a replica whose file went bad says 503, so a load balancer
/// takes it out, and it keeps answering everything else.
@Suite("/health")
struct HealthTests {
    @Test("200 while the catalog reads; 503 once its file is corrupt; the server answers on")
    func corruptCatalog() async throws {
        let path = try Self.catalogCopy("health")
        let catalog = try SQLiteCatalog(path: path, baseURL: "")
        try await TestServer.with(catalog: catalog) { (server: TestServer) async throws in
            let healthy = try await server.request("/health")
            #expect(healthy.status == 200 && healthy.text.hasPrefix("ok: 2000 hotels"), "\(healthy.text)")

            try Self.overwriteAllButFirstPage(path)

            let sick = try await server.request("/health")
            #expect(sick.status == 503, "\(sick.text)")
            #expect(sick.text.contains("the catalog cannot be read"))
            #expect(server.logs.entries.contains { $0.level == .error && $0.message.contains("health check") })
            #expect(try await server.request("/wsdl").status == 200)
        }
    }

    /// `hotels demo` runs its server with a log handler that keeps no metadata; the first
    /// internal error (its catalog closing under a request at Ctrl-C) used to trap in
    /// Hummingbird's `context.id` and take the whole program down.
    @Test("an internal error under a log handler that keeps nothing: a Receiver fault, and the server answers on")
    func internalErrorSilentLogger() async throws {
        let path = try Self.catalogCopy("health-silent")
        let catalog = try SQLiteCatalog(path: path, baseURL: "")
        try await TestServer.with(catalog: catalog, silent: true) { (server: TestServer) async throws in
            try Self.overwriteAllButFirstPage(path)

            for version in [SOAPVersion.v11, .v12] {
                let search = try SOAPRequestBuilder(version: version).searchHotels(HotelQuery(limit: 5))
                let reply = try await server.post(search)
                #expect(reply.status == 500, "\(reply.text)")
                #expect(reply.text.contains("Internal error; the service logged it as request"), "\(reply.text)")
            }
            let ota = try await server.otaRaw(OTARequest.envelope(.v11, root: "MaxResponses=\"5\""))
            #expect(ota.status == 500, "\(ota.text)")
            #expect(try await server.request("/wsdl").status == 200)
        }
    }

    /// A copy of the shared test catalog, for a test to damage.
    static func catalogCopy(_ name: String) throws -> String {
        let path = try TempDirectory.make(name).appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: CatalogFixture.shared.path, toPath: path)
        return path
    }

    /// Every page but the first overwritten: the header still says SQLite, the data is gone.
    static func overwriteAllButFirstPage(_ path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.synchronize()
        try handle.close()
    }
}
