import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real PostgreSQL for this test process, started once by `scripts/pg-temp` (initdb in a
/// temporary directory, loopback only, a free port, TLS on with a self-signed certificate)
/// and stopped by that script's watcher when this process exits. Each test takes a
/// database of its own with ``makeDatabase(_:)``.
///
/// ```swift
/// let postgres = try await TestPostgres.shared()
/// let url = try await postgres.makeDatabase("same_answers")   // postgres://hotels@127.0.0.1:PORT/same_answers
/// ```
///
/// The server asks for a password; it is put in this process's `PGPASSWORD`, which is
/// where ``PostgresLocation`` (like libpq) looks for it. A missing server or PostGIS fails
/// the test with the script's message, which names `scripts/setup-test-deps`.
final class TestPostgres: Sendable {
    let directory: URL
    let port: Int
    let password: String

    private init(directory: URL, port: Int, password: String) {
        self.directory = directory
        self.port = port
        self.password = password
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private actor Starter {
        var started: Task<TestPostgres, any Error>?
        func get() -> Task<TestPostgres, any Error> {
            if let started { return started }
            let task = Task { try await TestPostgres.start() }
            started = task
            return task
        }
    }
    private static let starter = Starter()

    static func shared() async throws -> TestPostgres {
        try await starter.get().value
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static func start() async throws -> TestPostgres {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hotels-pg-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        let script = repositoryRoot.appendingPathComponent("scripts/pg-temp").path
        let result = try await run(
            script, ["start", "--ssl", "--watch", String(ProcessInfo.processInfo.processIdentifier), directory.path])
        guard result.status == 0 else {
            throw Failure(description: "scripts/pg-temp start failed (\(result.status)): \(result.stderr)")
        }
        let password = try String(contentsOf: directory.appendingPathComponent("password"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let portText = try String(contentsOf: directory.appendingPathComponent("port"), encoding: .utf8)
        guard let port = Int(portText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "scripts/pg-temp wrote no port")
        }
        setenv("PGPASSWORD", password, 1)
        return TestPostgres(directory: directory, port: port, password: password)
    }

    /// `postgres://hotels@127.0.0.1:PORT/NAME`, a new empty database.
    func makeDatabase(_ name: String, query: String = "sslmode=disable") async throws -> String {
        let result = try await Self.run(
            "psql", ["-h", directory.path, "-p", String(port), "-U", "hotels", "-d", "postgres", "-q", "-c", "CREATE DATABASE \(name)"])
        guard result.status == 0 else { throw Failure(description: "CREATE DATABASE \(name) failed: \(result.stderr)") }
        return url(name, query: query)
    }

    func url(_ database: String, query: String = "sslmode=disable") -> String {
        "postgres://hotels@127.0.0.1:\(port)/\(database)" + (query.isEmpty ? "" : "?\(query)")
    }

    /// Runs SQL through psql on the server's unix socket (trusted there: no password).
    @discardableResult
    func psql(_ database: String, _ sql: String) async throws -> String {
        let result = try await Self.run(
            "psql", ["-h", directory.path, "-p", String(port), "-U", "hotels", "-d", database, "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql])
        guard result.status == 0 else { throw Failure(description: "psql failed: \(result.stderr)") }
        return result.stdout
    }

    var certificatePath: String { directory.appendingPathComponent("server.crt").path }

    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a command to completion, its output through files (the server the script
    /// starts must not inherit a pipe). posix_spawn and a `waitpid(WNOHANG)` poll rather than
    /// Foundation's `Process`, whose `waitUntilExit` was seen never to return here once the
    /// script had left a server and its watcher running.
    static func run(_ executable: String, _ arguments: [String]) async throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pgrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out").path
        let err = scratch.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Not the test runner's other descriptors (glibc 2.34's closefrom action, by name).
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }
        let env = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, executable, &actions, nil, argv, envp)
        guard rc == 0 else {
            throw Failure(description: "cannot run \(executable): \(String(cString: strerror(rc))); run scripts/setup-test-deps")
        }
        var status: Int32 = 0
        while waitpid(child, &status, WNOHANG) == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        let exited = status & 0x7f == 0
        return Output(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
