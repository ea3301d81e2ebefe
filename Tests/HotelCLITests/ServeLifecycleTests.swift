import ChildProcess
import Foundation
import HotelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `hotels serve` as an operator runs it: stopped by a signal, watched through its log.
/// The server is spawned with default signal handling (`ChildProcess`), as a shell or a
/// service manager would start it.
@Suite("hotels serve: shutdown and logging", .serialized)
struct ServeLifecycleTests {
    static let slowUpload = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/Scripts/slow_upload.py").path

    /// `hotels serve --port 0` over the test catalog, once it is listening; `launcher`
    /// runs it (`prlimit …`, which execs it, so the pid stays the server's).
    static func startServer(_ extra: [String] = [], launcher: [String] = []) async throws -> (
        server: ChildProcess, url: String, port: Int
    ) {
        // Seeded by `hotels seed` the first time anyone asks: awaited, never a blocking call.
        let catalog = try await LiveServer.catalogPath()
        let command = launcher + [HotelsBinary.url.path, "serve", "--port", "0", "--catalog", catalog] + extra
        let server = try ChildProcess(command, stdout: .capture, stderr: .capture)
        let line = try await server.waitForLine(containing: "listening on", timeout: 60)
        guard let start = line.range(of: "http://"), let end = line[start.lowerBound...].firstIndex(of: " "),
            let port = Int(line[..<end].split(separator: ":").last ?? "")
        else {
            throw SpawnError("unexpected first line: \(line)")
        }
        return (server, String(line[start.lowerBound..<end]), port)
    }

    @Test(
        "SIGTERM or SIGINT mid-upload: the request finishes with 200 and a whole envelope, new connections are refused, exit 0",
        arguments: [SIGTERM, SIGINT])
    func gracefulShutdown(_ signal: Int32) async throws {
        let (server, _, port) = try await Self.startServer()
        let client = try ChildProcess(["python3", Self.slowUpload, String(port)], stdin: .pipe, stdout: .capture, stderr: .capture)
        let sent = try await client.waitForLine(containing: "half-sent", timeout: 20)
        let clientPort = try #require(Int(sent.split(separator: " ").last ?? ""), "slow_upload.py printed \(sent)")
        // The headers are on the wire. The request is in flight (its handler waiting for the
        // rest of the body) once the server has read them: when its side of the connection
        // holds no unread byte. Nothing the server prints marks that moment; the kernel does.
        try await waitUntil("the server to read the request's headers", state: "server stderr: \(server.stderr)") {
            LoopbackProbe.unreadBytes(serverPort: port, clientPort: clientPort) == 0
        }
        server.send(signal)

        // The listener closes on the signal: new connections are refused from then on.
        var probe: Int32 = 0
        try await waitUntil(
            "new connections to be refused after the signal",
            state: "last connect errno \(probe), want ECONNREFUSED (\(ECONNREFUSED)); server stderr: \(server.stderr)"
        ) {
            probe = LoopbackProbe.connect(port: port)
            return probe == ECONNREFUSED
        }
        #expect(server.poll() == nil, "the server ended while a request was in flight: \(server.stderr)")

        client.writeStdin("go\n")
        let outcome = try await client.waitForLine(containing: "status=", timeout: 20)
        #expect(outcome == "status=200 envelope=complete hotels=5", "\(client.stderr)")
        let termination = try await server.wait(timeout: 10)
        #expect(termination == .exited(0), "\(server.stderr)")
    }

    @Test("an idle server exits 0 at once on SIGTERM")
    func idleShutdown() async throws {
        let (server, _, _) = try await Self.startServer()
        server.send(SIGTERM)
        let termination = try await server.wait(timeout: 10)
        #expect(termination == .exited(0), "\(server.stderr)")
    }

    /// The per-request line: `info hotels.serve: duration_ms=3.69 hb.request.id=… method=POST
    /// operation=SearchHotels path=/soap status=200 [HotelServer] request`.
    @Test(
        "--log-level: info and debug log one line per request (id, operation, status, duration); error logs none",
        arguments: [("debug", true), ("info", true), ("error", false)])
    func logLevel(_ level: String, _ logsRequests: Bool) async throws {
        let (server, url, _) = try await Self.startServer(["--log-level", level])
        let search = try await HotelsBinary.run(["search", "--endpoint", url + "/soap", "--city", "Paris", "--limit", "3"])
        #expect(search.status == 0, "\(search.stderr)")
        server.send(SIGTERM)
        #expect(try await server.wait(timeout: 10) == .exited(0))

        let requestLines = server.stderr.split(separator: "\n").filter { $0.hasSuffix(" request") && $0.contains("path=/soap") }
        if logsRequests {
            #expect(requestLines.count == 1, "\(server.stderr)")
            let line = requestLines.first ?? ""
            #expect(line.contains(" info "))
            for field in ["hb.request.id=", "operation=SearchHotels", "status=200", "duration_ms=", "method=POST"] {
                #expect(line.contains(field), "missing \(field) in: \(line)")
            }
        } else {
            #expect(requestLines.isEmpty, "\(server.stderr)")
            #expect(!server.stderr.contains(" info "), "\(server.stderr)")
        }
        // Debug adds the service lifecycle; info and above do not.
        #expect(server.stderr.contains("[ServiceLifecycle]") == (level == "debug"), "\(server.stderr)")
    }

    /// Standard error here is a file, as under systemd, Docker or `2>>log`: the default stays
    /// info. (On a terminal it is notice; QuickStartTmuxTests runs that in tmux.)
    @Test("without --log-level, standard error not a terminal: info, one request line per request")
    func defaultLevelOffTerminal() async throws {
        let (server, url, _) = try await Self.startServer()
        for city in ["Paris", "Rome", "Tokyo"] {
            let search = try await HotelsBinary.run(["search", "--endpoint", url + "/soap", "--city", city, "--limit", "3"])
            #expect(search.status == 0, "\(search.stderr)")
        }
        server.send(SIGTERM)
        #expect(try await server.wait(timeout: 10) == .exited(0))

        let requestLines = server.stderr.split(separator: "\n").filter { $0.hasSuffix(" request") && $0.contains("path=/soap") }
        #expect(requestLines.count == 3, "\(server.stderr)")
        #expect(requestLines.allSatisfy { $0.contains(" info ") && $0.contains("method=POST") }, "\(server.stderr)")
    }

    @Test("an unknown --log-level is a usage error naming the levels")
    func badLogLevel() async throws {
        let result = try await HotelsBinary.run(["serve", "--port", "0", "--log-level", "loud"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'loud' is invalid for '--log-level"), "\(result.stderr)")
        for level in ["trace", "debug", "info", "notice", "warning", "error", "critical"] {
            #expect(result.stderr.contains(level), "\(result.stderr)")
        }
    }
}
