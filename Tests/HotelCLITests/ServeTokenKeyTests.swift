import Foundation
import HotelClient
import HotelSOAP
import Logging
import Testing

/// `hotels serve --token-key-file FILE`: replicas that share the key accept each other's
/// OpenTravel page tokens; without it each refuses the others'. Two real servers over one
/// catalog, as two replicas behind a balancer would be; `ClusterTests` walks through HAProxy.
@Suite("hotels serve --token-key-file", .serialized)
struct ServeTokenKeyTests {
    /// A key file holding `text` with `mode`, removed after `body`.
    static func withKeyFile<T>(_ text: String, mode: mode_t = 0o600, _ body: (String) async throws -> T) async throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("token.key").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        #expect(chmod(file, mode) == 0)
        return try await body(file)
    }

    static let key = String(repeating: "5e", count: 32) + "\n"
    static let query = HotelQuery(city: "Seoul", limit: 10)

    /// The first OTA page from `first`, then the page its token names from `second`.
    static func firstThenNext(_ first: LiveServer, _ second: LiveServer) async throws -> (
        first: ResultPage, next: Result<ResultPage, any Error>
    ) {
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        func client(_ server: LiveServer) -> HotelSearchClient.Configuration {
            .init(endpoint: URL(string: server.url + "/ota")!, dialect: OTADialect(), retries: 0)
        }
        let page = try await HotelSearchClient.with(client(first), logger: quiet) { try await $0.searchPage(query, page: .first(size: 10)) }
        let start = try #require(page.next, "Seoul must need more than one page of 10")
        let next: Result<ResultPage, any Error>
        do {
            next = .success(
                try await HotelSearchClient.with(client(second), logger: quiet) {
                    try await $0.searchPage(query, page: PageRequest(start: start, size: 10))
                })
        } catch {
            next = .failure(error)
        }
        return (page, next)
    }

    @Test("two servers with the same key: a token from one pages on the other, to the same hotels")
    func sharedKey() async throws {
        try await Self.withKeyFile(Self.key) { file in
            let a = try await LiveServer.start(arguments: ["--token-key-file", file])
            let b = try await LiveServer.start(arguments: ["--token-key-file", file])
            let (first, next) = try await Self.firstThenNext(a, b)
            let fromB = try next.get()
            let (_, sameServer) = try await Self.firstThenNext(a, a)
            #expect(fromB.hotels.map(\.id) == (try sameServer.get()).hotels.map(\.id))
            #expect(Set(first.hotels.map(\.id)).isDisjoint(with: fromB.hotels.map(\.id)))
            try await a.stop()
            try await b.stop()
        }
    }

    @Test("without a shared key the other server refuses the token (why replicas need one)")
    func separateKeys() async throws {
        let a = try await LiveServer.start()
        let b = try await LiveServer.start()
        let (_, next) = try await Self.firstThenNext(a, b)
        #expect(throws: (any Error).self) { try next.get() }
        try await a.stop()
        try await b.stop()
    }

    @Test("a key file group or others may read: exit 78 and one line saying chmod 600, never the key", arguments: [0o644, 0o640, 0o604])
    func tooOpen(_ mode: Int) async throws {
        let catalog = try await LiveServer.catalogPath()
        try await Self.withKeyFile(Self.key, mode: mode_t(mode)) { file in
            let result = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", catalog, "--token-key-file", file])
            #expect(result.status == 78)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("chmod 600 \(file)"), "\(result.stderr)")
            #expect(!result.stderr.contains("5e5e"))
            #expect(result.stdout.isEmpty, "it must not start listening")
        }
    }

    @Test("a key under 32 bytes: exit 78; a missing file: exit 66")
    func shortOrMissing() async throws {
        let catalog = try await LiveServer.catalogPath()
        try await Self.withKeyFile("too-short\n") { file in
            let result = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", catalog, "--token-key-file", file])
            #expect(result.status == 78)
            #expect(result.stderr.contains("holds 9 bytes; a key needs at least 32"), "\(result.stderr)")
        }
        let missing = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", catalog, "--token-key-file", "/nonexistent/key"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("--token-key-file /nonexistent/key: no such file"), "\(missing.stderr)")
    }

    @Test("--help documents --token-key-file")
    func help() async throws {
        let result = try await HotelsBinary.run(["serve", "--help"])
        #expect(result.stdout.contains("--token-key-file <file>"), "\(result.stdout)")
    }
}
