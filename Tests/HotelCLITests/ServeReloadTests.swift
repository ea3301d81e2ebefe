import ChildProcess
import Foundation
import HotelClient
import HotelSOAP
import HotelTestSupport
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kill -HUP` on a running `hotels serve` (issue 33 point 6): `--users` and
/// `--token-key-file` reread without a restart, connections kept, a bad new file refused
/// with the old one kept. The real binary over the test catalog, real HTTP on loopback.
@Suite("hotels serve: SIGHUP reloads --users and --token-key-file", .serialized)
struct ServeReloadTests {
    static let keepAliveClient = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/Scripts/keepalive_client.py").path

    /// A scratch directory for the files a test rewrites, removed after `body`.
    static func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try await body(dir)
    }

    /// A server reading `--users` from a file that holds `initial`, logging into a file the
    /// test reads; `body` gets the users file's path, the log and the server.
    static func withUsersServer(_ initial: String, _ body: (String, URL, LiveServer) async throws -> Void) async throws {
        try await withDirectory { dir in
            let users = dir.appendingPathComponent("users").path
            try write(users, initial)
            let log = logFile(dir)
            let server = try await LiveServer.start(arguments: ["--users", users], log: log)
            defer { server.kill() }
            try await body(users, log, server)
        }
    }

    /// Replaces `path` with `text` and `mode`.
    static func write(_ path: String, _ text: String, mode: mode_t = 0o600) throws {
        try? FileManager.default.removeItem(atPath: path)
        try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        try #require(chmod(path, mode) == 0)
    }

    /// Sends SIGHUP and waits until the server's log holds one more line containing `marker`
    /// than before: the reload is over then.
    static func hangUp(_ server: LiveServer, log: URL, awaiting marker: String) async throws -> String {
        func lines() -> [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.contains(marker) }
        }
        let before = lines().count
        #expect(kill(server.process.pid, SIGHUP) == 0)
        try await waitUntil("a log line containing \"\(marker)\" after SIGHUP", state: "log: \(lines())") { lines().count > before }
        #expect(server.process.poll() == nil, "the server ended on SIGHUP")
        return lines()[before]
    }

    /// `hotels search` on `/soap` as `user`, never from the client's cache.
    static func search(_ server: LiveServer, user: String, password: String) async throws -> HotelsBinary.Result {
        try await HotelsBinary.run(
            ["search", "--endpoint", server.endpoint, "--no-cache", "--username", user, "--city", "Paris", "--limit", "3"],
            environment: ["HOTELS_PASSWORD": password])
    }

    static func logFile(_ dir: URL) -> URL {
        let log = dir.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        return log
    }

    @Test("a new users file takes effect; a kept-alive connection and a request in flight at the signal carry on")
    func goodUsersFile() async throws {
        try await Self.withUsersServer("agent7:old-secret\nkeeper:keeper-secret\n") { users, log, server in
            let port = try #require(Int(server.url.split(separator: ":").last ?? ""))
            #expect(try await Self.search(server, user: "agent7", password: "old-secret").status == 0)

            let client = try ChildProcess(
                ["python3", Self.keepAliveClient, String(port), "keeper", "keeper-secret"], stdin: .pipe, stdout: .capture,
                stderr: .capture)
            #expect(try await client.waitForLine(containing: "kept-before", timeout: 20) == "kept-before status=200 hotels=5")
            let sent = try await client.waitForLine(containing: "half-sent", timeout: 20)
            let clientPort = try #require(Int(sent.split(separator: " ").last ?? ""), "keepalive_client.py printed \(sent)")
            // In flight once the server has read the headers (ServeLifecycleTests does the same).
            try await waitUntil("the server to read the in-flight request's headers", state: "client: \(client.stderr)") {
                LoopbackProbe.unreadBytes(serverPort: port, clientPort: clientPort) == 0
            }

            try Self.write(users, "newbie:new-secret\nkeeper:keeper-secret\n")
            let line = try await Self.hangUp(server, log: log, awaiting: "reloaded --users")
            #expect(line.contains("\(users): 2 users"), "\(line)")

            client.writeStdin("go\n")
            #expect(
                try await client.waitForLine(containing: "in-flight", timeout: 20) == "in-flight status=200 hotels=5", "\(client.stderr)")
            #expect(
                try await client.waitForLine(containing: "kept-after", timeout: 20) == "kept-after status=200 hotels=5",
                "the connection kept alive across the reload must still answer: \(client.stderr)")

            let newbie = try await Self.search(server, user: "newbie", password: "new-secret")
            #expect(newbie.status == 0, "\(newbie.stderr)")
            let removed = try await Self.search(server, user: "agent7", password: "old-secret")
            #expect(removed.status == 3 && removed.stderr.contains("FailedAuthentication"), "\(removed.stderr)")
            let metrics = try await MetricsEndpointTests.scrape(server)
            #expect(metrics.value("hotels_reloads_total", ["file": "users"]) == 1)
            #expect(metrics.value("hotels_reload_failures_total", ["file": "users"]) == 0)
        }
    }

    @Test("a bad new users file (open to others, malformed, missing) keeps the old users and logs why; the server answers on")
    func badUsersFile() async throws {
        try await Self.withUsersServer("agent7:old-secret\n") { users, log, server in
            let breakages: [(String, () throws -> Void, String)] = [
                ("open to others", { try Self.write(users, "newbie:new-secret\n", mode: 0o644) }, "chmod 600 \(users)"),
                ("malformed", { try Self.write(users, "newbie-without-colon\n") }, "\(users): line 1 has no ':'"),
                ("missing", { try FileManager.default.removeItem(atPath: users) }, "\(users): no such file"),
            ]
            for (name, breakFile, why) in breakages {
                try breakFile()
                let line = try await Self.hangUp(server, log: log, awaiting: "reload refused --users")
                #expect(line.contains(why) && line.contains("the previous users stay in force (1 users)"), "\(name): \(line)")
                #expect(!line.contains("new-secret"))
                let old = try await Self.search(server, user: "agent7", password: "old-secret")
                #expect(old.status == 0, "\(name): the old users must stay in force: \(old.stderr)")
                #expect(try await Self.search(server, user: "newbie", password: "new-secret").status == 3, "\(name)")
            }
            // Counted where operators look: the served /metrics, one refusal per bad file.
            let metrics = try await MetricsEndpointTests.scrape(server)
            #expect(metrics.value("hotels_reload_failures_total", ["file": "users"]) == 3)
            #expect(metrics.value("hotels_reloads_total", ["file": "users"]) == 0)
            #expect(metrics.has("hotels_reloads_total"), "the counters are served from the start")
        }
    }

    static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    static let query = HotelQuery(city: "Seoul", limit: 10)

    /// One page of an OpenTravel search for Seoul from `server`: the first, or the one `start` names.
    static func otaPage(_ server: LiveServer, start: PageStart? = nil) async throws -> ResultPage {
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: server.url + "/ota")!, dialect: OTADialect(), retries: 0)
        return try await HotelSearchClient.with(configuration, logger: quiet) {
            try await $0.searchPage(query, page: start.map { PageRequest(start: $0, size: 10) } ?? .first(size: 10))
        }
    }

    @Test("a new key file: tokens signed by the old key are refused with OTA error 320, new ones page; a bad one keeps the old key")
    func tokenKeyFile() async throws {
        try await Self.withDirectory { dir in
            let key = dir.appendingPathComponent("token.key").path
            try Self.write(key, String(repeating: "a1", count: 32) + "\n")
            let log = Self.logFile(dir)
            let server = try await LiveServer.start(arguments: ["--token-key-file", key], log: log)
            defer { server.kill() }
            let oldStart = try #require(try await Self.otaPage(server).next, "Seoul must need more than one page of 10")

            // A bad key first: the old one stays, so its token still pages.
            try Self.write(key, "too-short\n")
            let refused = try await Self.hangUp(server, log: log, awaiting: "reload refused --token-key-file")
            #expect(refused.contains("holds 9 bytes") && refused.contains("the previous key stays in force"), "\(refused)")
            #expect(try await Self.otaPage(server, start: oldStart).hotels.count == 10)

            try Self.write(key, String(repeating: "b2", count: 32) + "\n")
            let reloaded = try await Self.hangUp(server, log: log, awaiting: "reloaded --token-key-file")
            #expect(reloaded.contains(key), "\(reloaded)")
            #expect(!reloaded.contains("b2b2") && !refused.contains("a1a1"), "a key must never be logged")
            do {
                let page = try await Self.otaPage(server, start: oldStart)
                Issue.record("a token signed by the old key was accepted: \(page.hotels.count) hotels")
            } catch let error as OTAErrorResponse {
                #expect(error.errors.map(\.code) == ["320"], "\(error)")
            }
            let newStart = try #require(try await Self.otaPage(server).next)
            #expect(try await Self.otaPage(server, start: newStart).hotels.count == 10)
        }
    }

    @Test("SIGHUP without --users or --token-key-file: logged as nothing to reload, and the server keeps serving")
    func nothingToReload() async throws {
        try await Self.withDirectory { dir in
            let log = Self.logFile(dir)
            let server = try await LiveServer.start(log: log)
            defer { server.kill() }
            _ = try await Self.hangUp(server, log: log, awaiting: "nothing to reload")
            _ = try await Self.hangUp(server, log: log, awaiting: "nothing to reload")
            let health = try await CurlExchange.run(server.url + "/health")
            #expect(health.status == 200, "\(health.body)")
        }
    }

    @Test("serve --help documents the reload, with an example")
    func help() async throws {
        let result = try await HotelsBinary.run(["serve", "--help"])
        #expect(result.stdout.contains("SIGHUP rereads --users and --token-key-file"), "\(result.stdout)")
        #expect(result.stdout.contains("kill -HUP $(pidof hotels)"), "\(result.stdout)")
    }
}
