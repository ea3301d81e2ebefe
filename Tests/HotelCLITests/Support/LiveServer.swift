import ChildProcess
import Foundation
import Synchronization

/// A real `hotels serve` process on an ephemeral loopback port over a seeded catalog.
final class LiveServer: Sendable {
    let process: ChildProcess
    let url: String
    var endpoint: String { url + "/soap" }

    // Tests reach the seeded catalog, the shared server and new servers only through the
    // async functions below, which suspend while a child runs. Two tests blocked on a lazy
    // `static let` on both pool threads once hung the whole run (seen in a loop of full
    // runs); made once by a task that the others await, nothing blocks.

    /// The seeded catalog's path: `hotels seed`, the real command, once per test run.
    static func catalogPath() async throws -> String {
        try await made.catalog().value
    }

    /// Shared by the tests that only read: one server for the suite, stopped at exit
    /// (a child process outlives its parent otherwise).
    static func shared() async throws -> LiveServer {
        try await made.shared().value
    }

    /// A server of one's own. `port` 0 picks a free one; a fixed port lets a test restart
    /// a server where it was.
    /// `arguments` go to `hotels serve` as well; with `log`, its info log (one line per
    /// request) goes to that file.
    static func start(catalog: String? = nil, port: Int = 0, arguments: [String] = [], log: URL? = nil) async throws -> LiveServer {
        let catalog = if let catalog { catalog } else { try await catalogPath() }
        return try await LiveServer(catalog: catalog, port: port, arguments: arguments, log: log)
    }

    /// The catalog and the shared server, each started by the first test that asks for it.
    private actor Made {
        private var catalogTask: Task<String, any Error>?
        private var sharedTask: Task<LiveServer, any Error>?

        func catalog() -> Task<String, any Error> {
            if let catalogTask { return catalogTask }
            let task = Task { try await LiveServer.seedCatalog() }
            catalogTask = task
            return task
        }

        func shared() -> Task<LiveServer, any Error> {
            if let sharedTask { return sharedTask }
            let task = Task { try await LiveServer.startShared() }
            sharedTask = task
            return task
        }
    }
    private static let made = Made()

    private static func seedCatalog() async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-cli-tests-\(getpid()).sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            let result = try await HotelsBinary.run(["seed", "--count", "3000", "--seed", "9", "--output", path])
            guard result.status == 0 else { throw SpawnError("seeding failed: \(result.stderr)") }
        }
        return path
    }

    private static func startShared() async throws -> LiveServer {
        let server = try await LiveServer(catalog: try await catalogPath(), port: 0)
        sharedPID.store(server.process.pid, ordering: .sequentiallyConsistent)
        atexit {
            let pid = LiveServer.sharedPID.load(ordering: .sequentiallyConsistent)
            if pid > 0 { Glibc.kill(pid, SIGKILL) }
        }
        return server
    }
    /// The shared server's pid for the `atexit` handler, which as a C function pointer can
    /// capture nothing; `exit` may run it on any thread.
    private static let sharedPID = Atomic<pid_t>(0)

    private init(catalog: String, port: Int, arguments: [String] = [], log: URL? = nil) async throws {
        let command =
            [HotelsBinary.url.path, "serve", "--port", String(port), "--catalog", catalog, "--log-level", log == nil ? "warning" : "info"]
            + arguments
        // Standard output captured in a file: the server may write to it for as long as it runs.
        process = try ChildProcess(command, stdout: .capture, stderr: log.map { .file($0.path) } ?? .null)
        url = try await Self.readURL(process)
    }

    /// Kills the server now (SIGKILL); it is reaped when this value goes. Callable from
    /// `defer`, where nothing can be awaited.
    func kill() {
        process.send(SIGKILL)
    }

    /// SIGKILL: the test process may pass an ignored SIGTERM on to its children, and a
    /// child that ignores it would never end. Returns once the server is gone and its port free.
    func stop() async throws {
        process.send(SIGKILL)
        _ = try await process.waitForExit()
    }

    /// The first stdout line is `listening on http://127.0.0.1:PORT (…)`.
    private static func readURL(_ process: ChildProcess) async throws -> String {
        let text = try await process.waitForLine(containing: "", timeout: 120)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            throw SpawnError("hotels serve printed an unexpected first line: \(text)")
        }
        return String(text[start.lowerBound..<end])
    }
}
