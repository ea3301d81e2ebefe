import ChildProcess
import Foundation
import HotelClient
import HotelSOAP
import Logging

/// The spyne SOAP service of `Bench/spyne` under gunicorn (2 workers), started by
/// `scripts/bench-reference serve PORT` for the length of the server section: the same
/// job as ours (a city's page of 50 over 10,000 hotels) in a typical Python SOAP stack.
/// `scripts/bench` installs it (`scripts/bench-reference setup`); the harness never does.
final class ReferenceServer {
    let endpoint: String
    private let server: ChildProcess

    /// The venv `scripts/bench-reference setup` makes; without it the comparison is skipped.
    static func isInstalled(_ paths: BenchPaths) -> Bool {
        FileManager.default.isExecutableFile(atPath: paths.repositoryRoot.appendingPathComponent(".build-spyne/venv/bin/gunicorn").path)
    }

    init(paths: BenchPaths) throws {
        let port = try LoopbackPort.free()
        endpoint = "http://127.0.0.1:\(port)/soap"
        let script = paths.repositoryRoot.appendingPathComponent("scripts/bench-reference").path
        server = try ChildProcess([script, "serve", String(port)], stdout: .null, stderr: .file(paths.file("spyne-\(getpid()).err")))
        try waitUntilAnswering()
    }

    deinit { stop() }

    func stop() { server.terminate() }

    /// Our own client must read a full page of 50 for every city the load asks for: a
    /// reference answering faults or empty pages fast would make a ratio that means nothing.
    func verify() async throws {
        let quiet = Logger(label: "hotels-bench") { _ in SwiftLogNoOpLogHandler() }
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: endpoint)!, timeout: 30, retries: 0)
        try await HotelSearchClient.with(configuration, logger: quiet) { client in
            for query in ServerBench.cityQueries {
                let page = try await client.searchPage(query, page: .first(size: 50))
                guard page.hotels.count == 50 else {
                    throw BenchError("the spyne reference returns \(page.hotels.count) hotels for \(query.city ?? "?"), not 50")
                }
            }
        }
    }

    /// gunicorn's workers build their catalogs at start-up: poll until one answers.
    private func waitUntilAnswering() throws {
        let deadline = Measure.now() + 60
        while Measure.now() < deadline {
            if let end = server.poll() { throw BenchError("scripts/bench-reference serve \(end) before answering") }
            if let curl = ChildProcess.find("curl"),
                (try? ChildProcess.capture([curl, "-s", "-o", "/dev/null", "--max-time", "2", endpoint + "?wsdl"]))?.code == 0
            {
                return
            }
            usleep(100_000)
        }
        throw BenchError("the spyne reference did not answer within 60 s")
    }
}
