import Foundation
import Synchronization

/// A real `hotels serve` process on an ephemeral loopback port over a seeded catalog.
final class LiveServer: Sendable {
    let process: Process
    let url: String
    /// Kept open for the server's lifetime: closing it would leave the server writing into a dead pipe.
    private let output = Pipe()
    var endpoint: String { url + "/soap" }

    // Tests reach the seeded catalog, the shared server and new servers only through the
    // async functions below. Each of those waits for a child process, and on Linux
    // Foundation notices that a child exited on a Dispatch worker: the same few threads the
    // cooperative pool runs on. Two tests blocked on a lazy `static let` on both pool
    // threads once hung the whole run (seen in a loop of full runs); off the pool, the
    // waiting tests merely suspend.

    /// The seeded catalog's path: `hotels seed`, the real command, once per test run.
    static func catalogPath() async throws -> String {
        try await HotelsBinary.offPool { seededCatalog }
    }

    /// Shared by the tests that only read: one server for the suite, stopped at exit
    /// (a child process outlives its parent otherwise).
    static func shared() async throws -> LiveServer {
        try await HotelsBinary.offPool { sharedServer }
    }

    /// A server of one's own. `port` 0 picks a free one; a fixed port lets a test restart
    /// a server where it was.
    /// `arguments` go to `hotels serve` as well; with `log`, its info log (one line per
    /// request) goes to that file.
    static func start(catalog: String? = nil, port: Int = 0, arguments: [String] = [], log: URL? = nil) async throws -> LiveServer {
        let catalog = if let catalog { catalog } else { try await catalogPath() }
        return try await HotelsBinary.offPool { try LiveServer(catalog: catalog, port: port, arguments: arguments, log: log) }
    }

    private static let seededCatalog: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-cli-tests-\(getpid()).sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            let result = try! HotelsBinary.runBlocking(["seed", "--count", "3000", "--seed", "9", "--output", path])
            precondition(result.status == 0, "seeding failed: \(result.stderr)")
        }
        return path
    }()

    private static let sharedServer: LiveServer = {
        let server = try! LiveServer(catalog: seededCatalog, port: 0)
        sharedPID.store(server.process.processIdentifier, ordering: .sequentiallyConsistent)
        atexit {
            let pid = LiveServer.sharedPID.load(ordering: .sequentiallyConsistent)
            if pid > 0 { Glibc.kill(pid, SIGKILL) }
        }
        return server
    }()
    /// The shared server's pid for the `atexit` handler, which as a C function pointer can
    /// capture nothing; `exit` may run it on any thread.
    private static let sharedPID = Atomic<pid_t>(0)

    private init(catalog: String, port: Int, arguments: [String] = [], log: URL? = nil) throws {
        process = Process()
        process.executableURL = HotelsBinary.url
        process.arguments =
            ["serve", "--port", String(port), "--catalog", catalog, "--log-level", log == nil ? "warning" : "info"] + arguments
        process.standardOutput = output
        if let log {
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        url = try LiveServer.readURL(from: output.fileHandleForReading)
    }

    deinit { kill() }

    /// Kills the server now and reaps it on a thread of its own: callable from `defer` and
    /// from a pool thread, where waiting for a child must not happen.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        let process = process  // the thread holds the process, not the server
        Thread { process.waitUntilExit() }.start()
    }

    /// SIGKILL: the test process may pass an ignored SIGTERM on to its children, and a
    /// child that ignores it would leave `waitUntilExit` waiting forever. Returns once the
    /// server is gone and its port free.
    func stop() async throws {
        let process = process
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        try await HotelsBinary.offPool { process.waitUntilExit() }
    }

    /// The first stdout line is `listening on http://127.0.0.1:PORT (…)`.
    private static func readURL(from handle: FileHandle) throws -> String {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            guard !byte.isEmpty else { throw LiveServerError(description: "hotels serve exited before listening") }
            if byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            throw LiveServerError(description: "unexpected first line: \(text)")
        }
        return String(text[start.lowerBound..<end])
    }
}

/// `misbehaving_server.py MODE`, for failures a healthy service never produces.
final class MisbehavingServer: Sendable {
    let process: Process
    let url: String

    /// `script` is another server in Support/Scripts with the same start-up protocol.
    /// Async because the wait for Python's first line happens on a thread of its own: at
    /// the start of a run, a few of these blocking the cooperative pool's two threads once
    /// kept a browse test's first page from drawing for 15 s.
    init(_ mode: String, script name: String = "misbehaving_server.py") async throws {
        (process, url) = try await HotelsBinary.offPool { try Self.launch(mode, script: name) }
    }

    private static func launch(_ mode: String, script name: String) throws -> (Process, String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/\(name)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + (mode.isEmpty ? [] : [mode])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let port = HotelsBinary.readLine(out.fileHandleForReading)
        return (process, "http://127.0.0.1:\(port)/soap")
    }

    /// As `LiveServer`'s: never wait for a child on a pool thread.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        let process = process  // never `self` in a thread that outlives deinit
        Thread { process.waitUntilExit() }.start()
    }
}

struct LiveServerError: Error, CustomStringConvertible {
    let description: String
}
