import ChildProcess
import Foundation

/// A seeded catalog (made once, cached in the bench folder) served by the real
/// `hotels serve` in a child process, as a user would run it.
final class ServedCatalog {
    let hotels: Int
    /// `http://127.0.0.1:PORT`, from the server's first line of output.
    let baseURL: String
    var endpoint: String { baseURL + "/soap" }
    private let server: ChildProcess
    private let logPath: String
    /// The server's process, whose CPU time the PostgreSQL section reads.
    var pid: pid_t { server.pid }

    /// Seeds `hotels` hotels with seed 1 if not cached yet, then starts the server on a
    /// free port and waits for it to say where it listens.
    convenience init(hotels: Int, paths: BenchPaths) throws {
        let catalog = try Self.sqliteCatalog(hotels: hotels, paths: paths)
        try self.init(catalog: catalog, hotels: hotels, paths: paths)
    }

    /// The seed-1 SQLite catalog of `hotels` hotels, made once and kept in the bench folder.
    static func sqliteCatalog(hotels: Int, paths: BenchPaths) throws -> String {
        try paths.cached("catalog-\(hotels)-seed1.sqlite") { path in
            Bench.say("seeding a \(hotels)-hotel catalog (once; cached in \(paths.directory.path))…")
            try Measure.run([paths.hotels, "seed", "--count", String(hotels), "--seed", "1", "--output", path])
        }
    }

    /// `hotels serve --catalog catalog` (a file or a postgres:// URL, whose password comes
    /// in `environment`), named `label` in its output files so several can run at once;
    /// `arguments` go to `hotels serve` as well (`--no-metrics`); `launcher` comes before it
    /// (`taskset -c 0-3`, which execs it, so ``pid`` is still the server's).
    init(
        catalog: String, hotels: Int, paths: BenchPaths, label: String = "serve", environment: [String: String] = [:],
        arguments: [String] = [], launcher: [String] = []
    ) throws {
        self.hotels = hotels
        // Output to files, not pipes: nobody has to keep reading them while the server runs.
        let stdoutPath = paths.file("\(label)-\(getpid()).out")
        logPath = paths.file("\(label)-\(getpid()).err")
        server = try ChildProcess(
            launcher + [paths.hotels, "serve", "--port", "0", "--catalog", catalog, "--log-level", "error"] + arguments,
            stdout: .file(stdoutPath), stderr: .file(logPath), environment: environment)
        Interrupts.track(server.pid)
        baseURL = try Self.waitForURL(server, stdoutPath: stdoutPath, logPath: logPath)
        try? FileManager.default.removeItem(atPath: stdoutPath)
    }

    deinit { stop() }

    /// SIGTERM (in-flight requests finish), then SIGKILL if it takes more than 10 s.
    func stop() {
        guard server.poll() == nil else { return }
        server.terminate()
        Interrupts.untrack(server.pid)
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// The URL from "listening on http://127.0.0.1:PORT (…)", polling the output file.
    private static func waitForURL(_ server: ChildProcess, stdoutPath: String, logPath: String) throws -> String {
        let deadline = Measure.now() + 60
        while Measure.now() < deadline {
            let text = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, text.contains("\n") {
                guard line.hasPrefix("listening on "), let url = line.dropFirst("listening on ".count).split(separator: " ").first else {
                    throw BenchError("hotels serve printed an unexpected first line: \(line)")
                }
                return String(url)
            }
            if let end = server.poll() {
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw BenchError("hotels serve \(end) before listening: \(log)")
            }
            usleep(20_000)
        }
        throw BenchError("hotels serve did not print its URL within 60 s")
    }
}
