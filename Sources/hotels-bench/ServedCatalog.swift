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

    /// Seeds `hotels` hotels with seed 1 if not cached yet, then starts the server on a
    /// free port and waits for it to say where it listens.
    init(hotels: Int, paths: BenchPaths) throws {
        self.hotels = hotels
        let catalog = try paths.cached("catalog-\(hotels)-seed1.sqlite") { path in
            Bench.say("seeding a \(hotels)-hotel catalog (once; cached in \(paths.directory.path))…")
            try Measure.run([paths.hotels, "seed", "--count", String(hotels), "--seed", "1", "--output", path])
        }
        // Output to files, not pipes: nobody has to keep reading them while the server runs.
        let stdoutPath = paths.file("serve-\(getpid()).out")
        logPath = paths.file("serve-\(getpid()).err")
        server = try ChildProcess(
            [paths.hotels, "serve", "--port", "0", "--catalog", catalog, "--log-level", "error"],
            stdout: .file(stdoutPath), stderr: .file(logPath))
        baseURL = try Self.waitForURL(server, stdoutPath: stdoutPath, logPath: logPath)
        try? FileManager.default.removeItem(atPath: stdoutPath)
    }

    deinit { stop() }

    /// SIGTERM (in-flight requests finish), then SIGKILL if it takes more than 10 s.
    func stop() {
        guard server.poll() == nil else { return }
        server.terminate()
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
            if let code = server.poll() {
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw BenchError("hotels serve exited \(code) before listening: \(log)")
            }
            usleep(20_000)
        }
        throw BenchError("hotels serve did not print its URL within 60 s")
    }
}
