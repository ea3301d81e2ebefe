import Foundation
import Testing

/// Transport failures are told apart by the errors' types (and errno), and the one line
/// the user sees says what happened and what to do: the real binary, real sockets.
@Suite("hotels search: each transport failure named by its type")
struct TransportClassificationTests {
    @Test("https to a port that speaks plain HTTP: exit 69, 'does not speak TLS', not 'untrusted'")
    func notTLS() async throws {
        let server = try await LiveServer.shared()
        let https = server.endpoint.replacingOccurrences(of: "http://", with: "https://")
        let result = try await HotelsBinary.run(["search", "--endpoint", https, "--retries", "0"])
        #expect(result.status == 69)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("does not speak TLS") && result.stderr.contains("http://"), "\(result.stderr)")
        #expect(!result.stderr.contains("not trusted"), "\(result.stderr)")
    }

    @Test("a host name that does not resolve: exit 69, named, and not retried")
    func hostNotFound() async throws {
        let result = try await HotelsBinary.run(["search", "--endpoint", "http://no-such-host.invalid/soap", "--retries", "3"])
        #expect(result.status == 69)
        #expect(result.stderrLines.count == 1, "a retry would log a line first: \(result.stderr)")
        #expect(result.stderr.contains("cannot resolve no-such-host.invalid"), "\(result.stderr)")
        #expect(!result.stderr.contains("is the service running"), "\(result.stderr)")
    }

    @Test("a refused connection: exit 69, and the line ends with the advice")
    func refused() async throws {
        let result = try await HotelsBinary.run(["search", "--endpoint", "http://127.0.0.1:9/soap", "--retries", "1"])
        #expect(result.status == 69)
        #expect(result.stderrLines.last?.contains("connection refused; is the service running? (hotels serve)") == true, "\(result.stderr)")
    }

    struct Misbehaviour: Sendable, CustomTestStringConvertible {
        let mode: String
        let status: Int32
        let says: String
        var testDescription: String { "\(mode): exit \(status)" }
    }

    /// Each failure a server can make, its documented exit code, and what the line says;
    /// never exit 1, which is for bugs.
    static let misbehaviours = [
        Misbehaviour(mode: "shortbody", status: 65, says: "was cut off: the connection closed before the body's declared end"),
        Misbehaviour(mode: "badhead", status: 76, says: "a response head that is not valid HTTP"),
        Misbehaviour(mode: "hugehead", status: 76, says: "larger than 80 KiB"),
        Misbehaviour(mode: "reset", status: 69, says: "the connection was reset"),
        Misbehaviour(mode: "hangup", status: 69, says: "closed the connection before the response was complete"),
        Misbehaviour(mode: "stall", status: 75, says: "no answer from"),
    ]

    @Test("every server misbehaviour: its documented exit code, one line naming the URL", arguments: misbehaviours)
    func misbehaviour(_ m: Misbehaviour) async throws {
        let server = try await MisbehavingServer(m.mode)
        let result = try await HotelsBinary.run(["search", "--endpoint", server.url, "--timeout", "2"])
        #expect(result.status == m.status, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(server.url) && result.stderr.contains(m.says), "\(result.stderr)")
        #expect(!result.stdout.contains("Flaky Inn"))
    }

    @Test("retry notices only with --verbose; by default a failure is one line")
    func verboseRetries() async throws {
        let quiet = try await HotelsBinary.run(["search", "--endpoint", "http://127.0.0.1:9/soap", "--retries", "1"])
        #expect(quiet.status == 69)
        #expect(quiet.stderrLines.count == 1, "\(quiet.stderr)")
        let verbose = try await HotelsBinary.run(["search", "--endpoint", "http://127.0.0.1:9/soap", "--retries", "1", "--verbose"])
        #expect(verbose.status == 69)
        #expect(verbose.stderrLines.count == 2 && verbose.stderr.contains("retrying"), "\(verbose.stderr)")
    }

    @Test("--max-time: a server dripping a byte at a time, each inside --timeout, still ends at the deadline (exit 75)")
    func maxTimeDrip() async throws {
        let server = try await MisbehavingServer("drip")
        let start = ContinuousClock.now
        let result = try await HotelsBinary.run(["search", "--endpoint", server.url, "--timeout", "5", "--max-time", "1"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("did not finish within --max-time 1 s"), "\(result.stderr)")
        // The drip takes over 2 minutes to finish (a byte every 0.2 s); the deadline ends it
        // long before, however loaded the machine running the suite is.
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("--max-time after some rows: exit 75, the rows kept, and how many were written")
    func maxTimeMidway() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString)").path
        let server = try await ScriptedServer("slowtail", marker)
        // 5 s, not 1: on CI's loaded start the first hotels took over a second to arrive.
        let result = try await HotelsBinary.run(["search", "--endpoint", server.url, "--max-time", "5"])
        #expect(result.status == 75, "\(result.stderr)")
        // The server sent 5 hotels at once; the parser hands a hotel out once 250 bytes
        // follow it, so 4 or 5 are out (issue 15 makes it 5).
        let rows = result.stdout.split(separator: "\n").count - 1
        #expect((4...5).contains(rows), "\(result.stdout)")
        #expect(result.stderrLines.count == 2 && result.stderr.contains("\(rows) row(s) were written before the error"), "\(result.stderr)")
    }
}
