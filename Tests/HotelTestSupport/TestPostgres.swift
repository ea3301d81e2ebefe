import ChildProcess
import Foundation

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
public final class TestPostgres: Sendable {
    public let directory: URL
    public let port: Int
    public let password: String

    private init(directory: URL, port: Int, password: String) {
        self.directory = directory
        self.port = port
        self.password = password
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
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

    public static func shared() async throws -> TestPostgres {
        try await starter.get().value
    }

    private static func start() async throws -> TestPostgres {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hotels-pg-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        let script = Repository.path("scripts/pg-temp")
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
    public func makeDatabase(_ name: String, query: String = "sslmode=disable") async throws -> String {
        let result = try await Self.run(
            "psql", ["-h", directory.path, "-p", String(port), "-U", "hotels", "-d", "postgres", "-q", "-c", "CREATE DATABASE \(name)"])
        guard result.status == 0 else { throw Failure(description: "CREATE DATABASE \(name) failed: \(result.stderr)") }
        return url(name, query: query)
    }

    public func url(_ database: String, query: String = "sslmode=disable") -> String {
        "postgres://hotels@127.0.0.1:\(port)/\(database)" + (query.isEmpty ? "" : "?\(query)")
    }

    /// Runs SQL through psql on the server's unix socket (trusted there: no password).
    @discardableResult
    public func psql(_ database: String, _ sql: String) async throws -> String {
        let result = try await Self.run(
            "psql", ["-h", directory.path, "-p", String(port), "-U", "hotels", "-d", database, "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql])
        guard result.status == 0 else { throw Failure(description: "psql failed: \(result.stderr)") }
        return result.stdout
    }

    public var certificatePath: String { directory.appendingPathComponent("server.crt").path }

    /// Runs a command to completion, its output through files (the server the script
    /// starts must not inherit a pipe), suspending meanwhile: `ChildProcess`, not
    /// Foundation's `Process`, whose `waitUntilExit` was seen never to return here once the
    /// script had left a server and its watcher running.
    package static func run(_ executable: String, _ arguments: [String]) async throws -> ChildProcess.Outcome {
        do {
            return try await ChildProcess.run([executable] + arguments)
        } catch let error as SpawnError {
            throw Failure(description: "\(error); run scripts/setup-test-deps")
        }
    }
}
