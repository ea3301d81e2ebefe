import ChildProcess
import Foundation
import Testing

/// Hostile clients against the real `hotels serve`: each scenario runs in
/// `hostile_client.py` while a watcher asks `/health` over its own connection, and the
/// server must cut the attacker off, keep answering the watcher, and end with the file
/// descriptors it started with.
@Suite("hotels serve: limits and timeouts")
struct ServerLimitsTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/Scripts/hostile_client.py").path

    /// Short timeouts so each scenario takes about a second.
    static let quick = ["--head-timeout", "1", "--body-timeout", "1", "--idle-timeout", "1"]

    struct Report: Decodable {
        struct Health: Decodable { let ok: Int, failed: Int, slowest: Double, errors: [String] }
        struct Descriptors: Decodable { let before: Int, after: Int }
        struct Memory: Decodable { let before: Int, peak: Int, after: Int }
        let outcome: String
        let seconds: Double
        let health: Health
        let fds: Descriptors
        let rssKB: Memory
        enum CodingKeys: String, CodingKey {
            case outcome, seconds, health, fds
            case rssKB = "rss_kb"
        }
    }

    static func attack(_ scenario: String, _ count: Int = 0, server: ChildProcess, port: Int) async throws -> Report {
        let client = try ChildProcess(
            ["python3", script, scenario, String(port), String(server.pid), String(count)], stdout: .capture, stderr: .capture)
        let ended = try await client.wait(timeout: 90)
        #expect(ended == .exited(0), "hostile_client.py \(scenario): \(client.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(client.stdout.utf8))
        // Whatever the attack, everyone else is served throughout and nothing leaks.
        #expect(report.health.failed == 0, "\(scenario): /health failed while under attack: \(report.health.errors)")
        #expect(report.health.ok > 0, "\(scenario): /health never answered")
        // Seconds, not milliseconds, mark a stalled server; a loaded CI machine stays far below.
        #expect(report.health.slowest < 2, "\(scenario): /health took \(report.health.slowest) s")
        #expect(report.fds.after == report.fds.before, "\(scenario): descriptors \(report.fds) not back where they were")
        return report
    }

    @Test("a request head that never ends, a stalled body: 408 and closed after their timeout")
    func slowRequests() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer(Self.quick)
        for (scenario, message) in [
            ("slowhead", "the request head did not arrive in time"), ("stallbody", "the request body stopped arriving"),
        ] {
            let report = try await Self.attack(scenario, server: server, port: port)
            #expect(report.outcome.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(scenario): \(report.outcome)")
            #expect(report.outcome.contains("Connection: close\r\n") && report.outcome.contains(message), "\(report.outcome)")
            // Cut off after the 1 s timeout: not before, and not never.
            #expect(report.seconds >= 0.9 && report.seconds < 10, "\(scenario) took \(report.seconds) s")
        }
    }

    @Test("idle connections are closed without a word after --idle-timeout / --head-timeout")
    func idleConnections() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer(Self.quick)
        let kept = try await Self.attack("idle", server: server, port: port)
        #expect(kept.outcome.hasPrefix("HTTP/1.1 200 OK\r\n") && kept.outcome.hasSuffix("hotels\n"), "\(kept.outcome)")
        #expect(kept.seconds >= 0.9 && kept.seconds < 10, "closed after \(kept.seconds) s")
        let silent = try await Self.attack("silent", server: server, port: port)
        #expect(silent.outcome == "", "a connection that never sent a byte got \(silent.outcome)")
    }

    @Test("connections beyond --max-connections get 503 at once; once they close, new ones are served")
    func connectionLimit() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer(Self.quick + ["--max-connections", "20"])
        let report = try await Self.attack("flood", 60, server: server, port: port)
        // The watcher holds one of the 20.
        let refused = Int(report.outcome.split(separator: " ")[1]) ?? -1
        #expect(refused >= 41, "\(report.outcome)")
        let after = try await Self.attack("http10", server: server, port: port)
        #expect(after.outcome.hasPrefix("HTTP/1.1 200 OK\r\n"), "after the flood: \(after.outcome)")
    }

    @Test("at the file-descriptor limit the server neither spins nor stops serving the connections it has")
    func descriptorLimit() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer(launcher: ["prlimit", "--nofile=64:64"])
        #expect(server.stderr.contains("--max-connections lowered to"), "\(server.stderr)")
        let report = try await Self.attack("quiet", 150, server: server, port: port)
        // Spinning on EMFILE burns a whole core: about 2 s of CPU in these 2 s.
        let cpu = Double(report.outcome.split(separator: " ")[1]) ?? 99
        #expect(cpu < 0.5, "the server used \(cpu) s of CPU in 2 s while holding connections at its limit")
        let after = try await Self.attack("http10", server: server, port: port)
        #expect(after.outcome.hasPrefix("HTTP/1.1 200 OK\r\n"), "after the limit: \(after.outcome)")
    }

    @Test("many stalled uploads: all time out, and memory comes back")
    func stalledUploads() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer(Self.quick)
        let report = try await Self.attack("stalled", 100, server: server, port: port)
        #expect(report.outcome == "timed out 100 of 100")
        let grewKB = report.rssKB.after - report.rssKB.before
        #expect(grewKB < 32 * 1024, "resident memory grew by \(grewKB) KB and stayed: \(report.rssKB)")
    }

    @Test("a body over --max-body-size: urllib, which sends it all before reading, gets the 413")
    func earlyAnswer() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer()
        let report = try await Self.attack("early413", server: server, port: port)
        #expect(report.outcome == "HTTP 413 Connection: close")
    }

    @Test(
        "a chunked body over --max-body-size: 413 with Connection: close, on /soap and /ota, also when its first element is refused",
        arguments: [0, 1, 2, 3])
    func chunkedTooLarge(_ variant: Int) async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer()
        let report = try await Self.attack("chunked413", variant, server: server, port: port)
        #expect(report.outcome == "HTTP/1.1 413 Payload Too Large Connection: close", "variant \(variant)")
        #expect(report.health.failed == 0, "the server stopped answering others: \(report.health)")
    }

    @Test("HTTP/1.0 without keep-alive: the connection closes after the answer")
    func http10() async throws {
        let (server, _, port) = try await ServeLifecycleTests.startServer()
        let report = try await Self.attack("http10", server: server, port: port)
        #expect(report.outcome.hasPrefix("HTTP/1.1 200 OK\r\n") && report.outcome.hasSuffix("hotels\n"), "\(report.outcome)")
    }
}
