import Foundation
import HotelClient
import Imaging
import Logging
import Testing

/// The logo download path on its own: the disk cache, `max-age`, ETag revalidation, and a
/// dead service, against the real `hotels serve`.
@Suite("logo downloads and the disk cache")
struct LogoFetcherTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    func withFetcher<T>(_ server: LiveServer, cache: URL, _ body: (LogoFetcher) async throws -> T) async throws -> T {
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        return try await HotelSearchClient.with(.init(endpoint: URL(string: server.endpoint)!, timeout: 5, retries: 0), logger: quiet) {
            client in
            try await body(client.logoFetcher(cacheDirectory: cache))
        }
    }

    @Test("download, then fresh from disk, then a 304 once stale, then stale copy when the service is gone")
    func cacheLifecycle() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("logo-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try await LiveServer.start()
        let url = URL(string: server.url + "/logos/H0000042.png")!
        let requests = Counter()

        try await withFetcher(server, cache: cache) { fetcher in
            var fetcher = fetcher
            fetcher.onRequest = { _ in requests.increment() }
            let (bytes, first) = try await fetcher.fetchWithOutcome(url)
            #expect(first == .downloaded)
            let image = try ImageDecoder.decode(bytes)
            #expect(image.width == 64 && image.height == 64)

            // Within max-age: no request at all.
            #expect(try await fetcher.fetchWithOutcome(url).outcome == .fresh)
            #expect(requests.count == 1)

            // Two days later (max-age is one day): revalidated with If-None-Match, 304.
            fetcher.now = { Date().addingTimeInterval(2 * 86400) }
            let (again, second) = try await fetcher.fetchWithOutcome(url)
            #expect(second == .revalidated)
            #expect(again == bytes)
            #expect(requests.count == 2)

            // The service is gone: the stale copy beats a failure.
            try await server.stop()
            fetcher.now = { Date().addingTimeInterval(4 * 86400) }
            #expect(try await fetcher.fetchWithOutcome(url).outcome == .stale)

            // Nothing cached and nothing to ask: a clear error naming the file.
            let other = URL(string: server.url + "/logos/H0000043.png")!
            let error = await #expect(throws: LogoLoadError.self) { try await fetcher.fetch(other) }
            #expect(error?.message.contains("H0000043.png") == true)
        }
    }

    @Test("a damaged cache entry is a miss, never a wrong picture")
    func damagedEntry() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("logo-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try await LiveServer.shared()
        let url = URL(string: server.url + "/logos/H0000007.png")!
        try await withFetcher(server, cache: cache) { fetcher in
            let original = try await fetcher.fetch(url)
            let meta = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".meta") }
            #expect(meta.count == 1)
            try Data("garbage".utf8).write(to: cache.appendingPathComponent(meta[0]))
            #expect(LogoDiskCache(directory: cache).entry(for: url) == nil)
            #expect(try await fetcher.fetchWithOutcome(url) == (original, .downloaded))
        }
    }
}
