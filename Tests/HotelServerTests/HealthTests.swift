import Foundation
import HotelCatalogs
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
        let directory = try TempDirectory.make("health")
        let path = directory.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: CatalogFixture.shared.path, toPath: path)
        let catalog = try SQLiteCatalog(path: path, baseURL: "")
        try await TestServer.with(catalog: catalog) { (server: TestServer) async throws in
            let healthy = try await server.request("/health")
            #expect(healthy.status == 200 && healthy.text.hasPrefix("ok: 2000 hotels"), "\(healthy.text)")

            // Every page but the first overwritten: the header still says SQLite, the data is gone.
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
            try handle.synchronize()
            try handle.close()

            let sick = try await server.request("/health")
            #expect(sick.status == 503, "\(sick.text)")
            #expect(sick.text.contains("the catalog cannot be read"))
            #expect(server.logs.entries.contains { $0.level == .error && $0.message.contains("health check") })
            #expect(try await server.request("/wsdl").status == 200)
        }
    }
}
