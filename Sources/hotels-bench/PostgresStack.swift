import ChildProcess
import Foundation
import HotelClient
import HotelSOAP
import Logging

/// What the PostgreSQL section measures, started by the harness and stopped by it: a
/// throwaway PostgreSQL (`scripts/pg-temp`, loopback, fsync off) seeded with the same
/// hotels as the SQLite file, `hotels serve` over the SQLite file, two `hotels serve`
/// replicas over the database and HAProxy in front of the replicas (round robin, health
/// checks on `/health`, as `scripts/cluster` sets it up). Every part is the real program.
///
/// `stop()` (also from `deinit`, so a thrown error stops it) ends the servers and
/// removes the database; on Ctrl-C ``Interrupts`` does, and if the harness is killed
/// outright, pg-temp's watcher still removes the database.
final class PostgresStack {
    let hotels: Int
    /// The database's server process: its backends are its children.
    let postmaster: pid_t
    let sqlite: ServedCatalog
    /// The replica measured alone, then with `second` behind the balancer.
    let primary: ServedCatalog
    let second: ServedCatalog
    let balancer: ChildProcess
    let balancerURL: String
    private let directory: String
    private let pgTemp: [String]
    private let haproxyConfig: String
    private var stopped = false

    /// Why the section cannot run here (a missing program), or nil. The harness installs
    /// nothing: `scripts/bench` and `scripts/setup-test-deps` do.
    static func missing() -> String? {
        let servers = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        if !servers.contains(where: { FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") }) {
            return "PostgreSQL is not installed (Debian package `postgresql`)"
        }
        let extensions = servers.map { "/usr/share/postgresql/\($0)/extension/postgis.control" }
        if !extensions.contains(where: FileManager.default.fileExists(atPath:)) {
            return "PostGIS is not installed (Debian package `postgresql-N-postgis-3`)"
        }
        if ChildProcess.find("haproxy") == nil { return "HAProxy is not installed (Debian package `haproxy`)" }
        if ChildProcess.find("psql") == nil { return "psql is not installed (Debian package `postgresql-client`)" }
        return nil
    }

    init(hotels: Int, paths: BenchPaths) throws {
        Interrupts.install()
        self.hotels = hotels
        let sqliteFile = try ServedCatalog.sqliteCatalog(hotels: hotels, paths: paths)
        directory = paths.file("pg-\(getpid())")
        let script = paths.repositoryRoot.appendingPathComponent("scripts/pg-temp").path
        pgTemp = [script, "stop", directory]
        Interrupts.onInterrupt(pgTemp)
        let started = try ChildProcess.capture([script, "start", "--watch", String(getpid()), directory])
        guard started.code == 0, let url = started.output.split(separator: "\n").last(where: { $0.hasPrefix("postgres://") }) else {
            Interrupts.forget(pgTemp)
            throw BenchError("scripts/pg-temp start exited \(started.code): \(started.output)")
        }
        // Whatever fails from here on, the database goes (the servers started so far stop
        // as their objects are released).
        do {
            let password = try String(contentsOfFile: directory + "/password", encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let pidFile = try String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8)
            guard let pid = pidFile.split(separator: "\n").first.flatMap({ pid_t($0) }) else {
                throw BenchError("no pid in \(directory)/data/postmaster.pid")
            }
            postmaster = pid
            let environment = ["PGPASSWORD": password]
            Bench.say("postgres: seeding \(hotels) hotels into \(url)…")
            let seed = try ChildProcess(
                [paths.hotels, "seed", "--count", String(hotels), "--seed", "1", "--output", String(url)],
                stdout: .null, stderr: .file(paths.file("pg-seed.log")), environment: environment)
            guard seed.wait() == .exited(0) else {
                throw BenchError("hotels seed into PostgreSQL failed; see \(paths.file("pg-seed.log"))")
            }
            // As a database that has been running would be: statistics and the visibility map
            // set, and no autovacuum pass landing in the middle of a measurement.
            let port = try String(contentsOfFile: directory + "/port", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            try ChildProcess(["psql", "-h", directory, "-p", port, "-U", "hotels", "-d", "hotels", "-q", "-c", "VACUUM ANALYZE"]).check()

            sqlite = try ServedCatalog(catalog: sqliteFile, hotels: hotels, paths: paths, label: "serve-sqlite")
            primary = try ServedCatalog(catalog: String(url), hotels: hotels, paths: paths, label: "serve-pg1", environment: environment)
            second = try ServedCatalog(catalog: String(url), hotels: hotels, paths: paths, label: "serve-pg2", environment: environment)

            let balancerPort = try LoopbackPort.free()
            balancerURL = "http://127.0.0.1:\(balancerPort)"
            let config = paths.file("haproxy-\(getpid()).cfg")
            haproxyConfig = config
            try Self.haproxyConfig(port: balancerPort, replicas: [primary.baseURL, second.baseURL])
                .write(toFile: config, atomically: true, encoding: .utf8)
            balancer = try ChildProcess(["haproxy", "-f", config, "-db"], stdout: .null, stderr: .file(paths.file("haproxy.log")))
            Interrupts.track(balancer.pid)
        } catch {
            _ = try? ChildProcess([script, "stop", directory], stderr: .inherit).wait()
            Interrupts.forget([script, "stop", directory])
            throw error
        }
    }

    deinit { stop() }

    func stop() {
        guard !stopped else { return }
        stopped = true
        balancer.terminate(grace: 2)
        Interrupts.untrack(balancer.pid)
        for server in [sqlite, primary, second] { server.stop() }
        _ = try? ChildProcess(pgTemp, stderr: .inherit).wait()
        Interrupts.forget(pgTemp)
        try? FileManager.default.removeItem(atPath: haproxyConfig)
    }

    /// Waits until the balancer answers a GetHotel (HAProxy's checks must first see the
    /// replicas up), at most 15 s.
    func waitForBalancer() async throws {
        let quiet = Logger(label: "hotels-bench") { _ in SwiftLogNoOpLogHandler() }
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: balancerURL + "/soap")!, timeout: 5, retries: 0)
        let deadline = Measure.now() + 15
        while true {
            do {
                _ = try await HotelSearchClient.with(configuration, logger: quiet) { try await $0.hotel(id: WrkScript.hotelId(1)) }
                return
            } catch {
                if let end = balancer.poll() { throw BenchError("haproxy \(end); see its log in the bench folder") }
                guard Measure.now() < deadline else { throw BenchError("HAProxy at \(balancerURL) did not answer within 15 s: \(error)") }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// As `scripts/cluster` writes it, less the retry settings a benchmark does not need.
    private static func haproxyConfig(port: Int, replicas: [String]) -> String {
        var config = """
            global
                maxconn 4096
            defaults
                mode http
                timeout connect 2s
                timeout client 60s
                timeout server 60s
            frontend hotels
                bind 127.0.0.1:\(port)
                default_backend replicas
            backend replicas
                balance roundrobin
                option httpchk GET /health
                default-server inter 500ms fall 2 rise 1

            """
        for (index, url) in replicas.enumerated() {
            config += "    server r\(index + 1) \(url.replacingOccurrences(of: "http://", with: "")) check\n"
        }
        return config
    }
}
