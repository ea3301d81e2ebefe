import Foundation
import HotelClient
import HotelSOAP
import HotelTestSupport
import Testing

@testable import HotelBrowse

/// The response cache against a real `hotels serve` whose request log is counted: fresh hits
/// send nothing, stale entries are revalidated (304), a dead service is stood in for, and
/// `--offline`/`--no-cache` do what they say.
@Suite("hotels search: the response cache", .serialized)
struct ResponseCacheTests {
    /// A cache directory and a server of its own (`--max-age` as given) logging each request.
    struct Setup {
        let cacheHome: URL
        let log: URL
        let server: LiveServer
        var environment: [String: String] { ["XDG_CACHE_HOME": cacheHome.path] }
        var cache: ResponseCache { ResponseCache(directory: cacheHome.appendingPathComponent("hotelsearch/responses")) }

        static func make(maxAge: Int, serverArguments: [String] = []) async throws -> Setup {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let log = root.appendingPathComponent("server.log")
            let server = try await LiveServer.start(arguments: ["--max-age", String(maxAge)] + serverArguments, log: log)
            return Setup(cacheHome: root.appendingPathComponent("xdg"), log: log, server: server)
        }

        /// The server's log lines for requests to `/soap`, refused ones included, in order.
        var soapRequests: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                .filter { $0.contains("path=/soap") }
        }

        /// The server's log lines for SearchHotels requests, in order.
        var searches: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                .filter { $0.contains("operation=SearchHotels") }
        }

        func search(_ flags: [String] = []) async throws -> HotelsBinary.Result {
            try await HotelsBinary.run(
                ["search", "--endpoint", server.endpoint, "--city", "Paris", "--sort", "name", "--limit", "7"] + flags,
                environment: environment)
        }
    }

    @Test("a fresh entry answers without a request; --no-cache asks every time and keeps nothing")
    func freshHit() async throws {
        let setup = try await Setup.make(maxAge: 60)
        let first = try await setup.search()
        let second = try await setup.search()
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(second.stdout == first.stdout && first.stdout.split(separator: "\n").count == 8)
        try await waitUntil("the server's log line") { setup.searches.count == 1 }
        #expect(setup.searches.count == 1, "the second search reached the server: \(setup.searches)")
        #expect(second.stderr.isEmpty)

        let bypass = try await setup.search(["--no-cache", "--city", "Rome"])
        let again = try await setup.search(["--no-cache", "--city", "Rome"])
        #expect(bypass.status == 0 && again.stdout == bypass.stdout)
        try await waitUntil("two more requests") { setup.searches.count == 3 }
        #expect(setup.cache.stats().entries == 1, "--no-cache stored a response")
    }

    @Test("a stale entry is revalidated: If-None-Match, 304, the same rows")
    func revalidated() async throws {
        let setup = try await Setup.make(maxAge: 1)
        let first = try await setup.search()
        try await Task.sleep(for: .milliseconds(1200))
        let second = try await setup.search()
        #expect(second.status == 0 && second.stdout == first.stdout, "\(second.stderr)")
        try await waitUntil("two requests") { setup.searches.count == 2 }
        let lines = setup.searches
        #expect(lines.first?.contains("status=200") == true && lines.last?.contains("status=304") == true, "\(lines)")
    }

    @Test("the service gone: stale rows with a warning saying how old (exit 0); --offline hit and miss (exit 69)")
    func serviceDown() async throws {
        let setup = try await Setup.make(maxAge: 1)
        let first = try await setup.search()
        #expect(first.status == 0)
        try await setup.server.stop()
        // Held at once: CI saw another test's server bind the freed port within the second
        // below, and the "stale" search got that server's rows.
        let port = try #require(URL(string: setup.server.url)?.port)
        let held = LoopbackProbe.reserve(port: port)
        defer { held.map { _ = close($0) } }
        try await Task.sleep(for: .milliseconds(1100))
        let stale = try await setup.search()
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout == first.stdout)
        #expect(stale.stderrLines.count == 1, "\(stale.stderr)")
        #expect(
            stale.stderr.contains("warning: rows from a response cached") && stale.stderr.contains(" s ago: cannot reach")
                && stale.stderr.contains("connection refused"), "\(stale.stderr)")

        let offline = try await setup.search(["--offline"])
        #expect(offline.status == 0 && offline.stdout == first.stdout, "\(offline.stderr)")
        #expect(offline.stderr.contains("offline: rows from a response cached"), "\(offline.stderr)")
        let miss = try await setup.search(["--offline", "--city", "Rome"])
        #expect(miss.status == 69)
        #expect(miss.stderrLines.count == 1 && miss.stderr.contains("not in the cache"), "\(miss.stderr)")
        #expect(miss.stdout.isEmpty)
    }

    @Test("hotels cache stats counts entries; clear empties it")
    func statsAndClear() async throws {
        let setup = try await Setup.make(maxAge: 60)
        for city in ["Paris", "Rome", "Seoul"] { #expect(try await setup.search(["--city", city]).status == 0) }
        let stats = try await HotelsBinary.run(["cache", "stats"], environment: setup.environment)
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("entries    3"), "\(stats.stdout)")
        let clear = try await HotelsBinary.run(["cache", "clear"], environment: setup.environment)
        #expect(clear.stdout.contains("removed 3 responses"), "\(clear.stdout)")
        #expect(setup.cache.stats().entries == 0)
    }

    @Test("a corrupt entry is a miss, refetched and rewritten, never a crash")
    func corruptEntry() async throws {
        let setup = try await Setup.make(maxAge: 60)
        let first = try await setup.search()
        let files = try FileManager.default.contentsOfDirectory(at: setup.cache.directory, includingPropertiesForKeys: nil)
        let entry = try #require(files.first { $0.pathExtension == "response" })
        for garbage in [
            Data("hotelsearch-response-cache 2\n{\"bodyBytes\":99".utf8), Data((0..<300).map { _ in UInt8.random(in: 0...255) }), Data(),
        ] {
            try garbage.write(to: entry)
            let again = try await setup.search()
            #expect(again.status == 0 && again.stdout == first.stdout, "\(again.stderr)")
            #expect(ResponseCache.isWholeEntry(entry), "the entry was not rewritten")
        }
        try await waitUntil("a request per corrupt entry") { setup.searches.count == 4 }
    }

    @Test("two processes writing at once: every entry reads back whole")
    func concurrentWriters() async throws {
        let setup = try await Setup.make(maxAge: 60)
        let cities = ["Paris", "Rome", "Seoul", "Tokyo", "Berlin", "Lisbon"]
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for round in 0..<2 {
                for city in cities {
                    group.addTask { try await setup.search(["--city", city, "--limit", String(5 + round)]).status }
                }
            }
            for try await status in group { #expect(status == 0) }
        }
        let files = try FileManager.default.contentsOfDirectory(at: setup.cache.directory, includingPropertiesForKeys: nil)
        #expect(files.filter { $0.pathExtension == "response" }.count == 12)
        #expect(!files.contains { $0.pathExtension == "tmp" }, "a temporary file was left behind")
        for file in files { #expect(ResponseCache.isWholeEntry(file), "\(file.lastPathComponent)") }
    }

    @Test("signed requests share one entry: the WS-Security nonce and time are not part of the key")
    func signedRequests() async throws {
        let verifier = try await WSSecurityClientTests.Verifier()
        let flags = [
            "search", "--endpoint", verifier.url, "--username", "agent7", "--password-file", verifier.passwordFile, "--city", "Oslo",
        ]
        let first = try await HotelsBinary.run(flags)
        let second = try await HotelsBinary.run(flags)
        #expect(first.status == 0 && second.stdout == first.stdout, "\(first.stderr)\(second.stderr)")
        #expect(verifier.entries.count == 1, "the second signed search was sent: \(verifier.entries)")
    }

    @Test("entries belong to who asked: no credentials, another user and a wrong password each reach the service and get its answer")
    func principal() async throws {
        let users = FileManager.default.temporaryDirectory.appendingPathComponent("cache-users-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: users) }
        #expect(FileManager.default.createFile(atPath: users.path, contents: Data("alice:alice-secret\nbob:bob-secret\n".utf8)))
        #expect(chmod(users.path, 0o600) == 0)
        let setup = try await Setup.make(maxAge: 600, serverArguments: ["--users", users.path])
        func search(_ user: String?, _ password: String?) async throws -> HotelsBinary.Result {
            var environment = setup.environment
            environment["HOTELS_PASSWORD"] = password
            return try await HotelsBinary.run(
                ["search", "--endpoint", setup.server.endpoint, "--city", "Paris", "--limit", "5"]
                    + (user.map { ["--username", $0] } ?? []),
                environment: environment)
        }
        let alice = try await search("alice", "alice-secret")
        #expect(alice.status == 0 && alice.stdout.split(separator: "\n").count == 6, "\(alice.stderr)")
        try await waitUntil("alice's search reached the service") { setup.soapRequests.count == 1 }
        let again = try await search("alice", "alice-secret")
        #expect(again.status == 0 && again.stdout == alice.stdout)
        #expect(setup.soapRequests.count == 1, "alice's second search was not answered from her entry")

        let anonymous = try await search(nil, nil)
        #expect(anonymous.status == 3 && anonymous.stdout.isEmpty, "no credentials got rows: \(anonymous.stdout)")
        #expect(anonymous.stderr.contains("FailedAuthentication"), "\(anonymous.stderr)")
        try await waitUntil("the search without credentials reached the service") { setup.soapRequests.count == 2 }

        let wrong = try await search("alice", "not-her-secret")
        #expect(wrong.status == 3 && wrong.stdout.isEmpty, "a wrong password got rows: \(wrong.stdout)")
        try await waitUntil("the wrong password reached the service") { setup.soapRequests.count == 3 }

        let bob = try await search("bob", "bob-secret")
        #expect(bob.status == 0 && bob.stdout == alice.stdout, "\(bob.stderr)")
        try await waitUntil("bob's search reached the service") { setup.soapRequests.count == 4 }
        #expect(setup.cache.stats().entries == 2, "one entry each for alice and bob, none for the refused")
    }

    @Test("the table after a restart with the service stopped: pages seen before, with their age; others marked unavailable")
    func browseOffline() async throws {
        let setup = try await Setup.make(maxAge: 1)
        var harness = BrowseHarness(endpoint: setup.server.endpoint, query: HotelQuery(sortBy: .name))
        harness.images = .disabled
        harness.cache = setup.cache
        var firstNames: [String] = []
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { _ in terminal.statusText.contains("row 1 of") }
            firstNames = terminal.names(logoColumn: false)
        }
        try await setup.server.stop()
        try await Task.sleep(for: .milliseconds(1100))  // stale now: only the dead service could refresh it
        let activity = try await harness.run { terminal in
            try await terminal.waitUntil("the first page, from the cache") { _ in terminal.names(logoColumn: false) == firstNames }
            try await terminal.waitUntil("its age in the status bar") { _ in
                terminal.statusText.contains("warning: rows from a response cached")
            }
            // Every cached page in (a later one's notice would cover the status bar), then a
            // page never seen: the service is down, so it is marked, not invented.
            try await terminal.waitUntil("the cached pages settled") { _ in !terminal.statusText.contains("loading") }
            terminal.inject(.char("G"))
            try await terminal.waitUntil("the last page marked unavailable") { _ in terminal.statusText.contains("⚠ cannot reach") }
        }
        #expect(!firstNames.isEmpty && activity.pagesRequested.contains(0))
    }
}
