import ChildProcess
import Foundation
import HotelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/cluster` as an operator runs it: a real PostgreSQL, two `hotels serve`
/// replicas and HAProxy, all on loopback; the CLI walks every row through the balancer.
@Suite("scripts/cluster: replicas behind HAProxy over PostgreSQL", .serialized)
struct ClusterTests {
    static let script = Repository.path("scripts/cluster")
    static let count = 20_000

    struct Cluster {
        let process: ChildProcess
        let balancer: String
        let replicas: [(pid: pid_t, url: String)]
    }

    static func start() async throws -> Cluster {
        let process = try ChildProcess(
            [script, "--replicas", "2", "--count", String(count), "--hotels", HotelsBinary.url.path], stdout: .capture, stderr: .capture)
        _ = try await process.waitForLine(containing: "ready", timeout: 240)
        let lines = process.stdout.split(separator: "\n").map(String.init)
        let balancer = try #require(lines.first { $0.hasPrefix("http://") }, "no balancer URL in \(lines); stderr: \(process.stderr)")
        let replicas: [(pid_t, String)] = lines.filter { $0.hasPrefix("replica ") }.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 5, let pid = pid_t(words[3]) else { return nil }
            return (pid, String(words[4]))
        }
        #expect(replicas.count == 2, "\(lines)")
        return Cluster(process: process, balancer: balancer, replicas: replicas)
    }

    /// Runs `body` with a cluster, then stops it with SIGTERM and waits, whatever `body`
    /// did: ChildProcess's deinit would SIGKILL the script, which leaves no trap to run.
    static func withCluster(_ body: (Cluster) async throws -> Void) async throws {
        let cluster = try await start()
        do {
            try await body(cluster)
        } catch {
            cluster.process.send(SIGTERM)
            _ = try? await cluster.process.wait(timeout: 30)
            throw error
        }
        cluster.process.send(SIGTERM)
        #expect(try await cluster.process.wait(timeout: 30) != nil, "scripts/cluster did not stop on SIGTERM")
        for replica in cluster.replicas {
            #expect(kill(replica.pid, 0) != 0, "replica \(replica.pid) outlived scripts/cluster")
        }
    }

    static func curl(_ arguments: [String]) async throws -> String {
        try await ChildProcess.run(["/usr/bin/curl", "-s", "--max-time", "10"] + arguments).stdout
    }

    /// The ETag header's value, or "" when there is none. (HAProxy lowercases header
    /// names, so only the value is compared.)
    static func etag(_ url: String) async throws -> String {
        let headers = try await curl(["-D", "-", "-o", "/dev/null", url])
        guard let line = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("etag:") }) else { return "" }
        return line.dropFirst("etag:".count).trimmingCharacters(in: .whitespaces)
    }

    @Test("health names the PostgreSQL catalog; every replica serves a logo with the same ETag")
    func healthAndLogos() async throws {
        try await Self.withCluster { cluster in try await Self.checkHealthAndLogos(cluster) }
    }

    static func checkHealthAndLogos(_ cluster: Cluster) async throws {
        let health = try await Self.curl(["-D", "-", cluster.balancer + "/health"])
        #expect(health.hasSuffix("\r\n\r\nok: \(count) hotels\n"), "\(health)")
        // HAProxy lowercases header names.
        #expect(health.lowercased().contains("x-hotel-catalog: postgresql catalog postgres://hotels@127.0.0.1:"), "\(health)")
        for id in ["H0000001", "H0012345"] {
            let tags = try await (cluster.replicas.map(\.url) + [cluster.balancer]).asyncMap {
                try await Self.etag("\($0)/logos/\(id).png")
            }
            #expect(!tags[0].isEmpty && Set(tags).count == 1, "\(id): \(tags)")
        }
    }

    /// `hotels search --all` through the balancer while one replica is killed (SIGKILL)
    /// mid-walk: every hotel exactly once. A page cut off mid-body by the kill is the
    /// client's to retry (`Sources/HotelClient`, being built separately); if this fails
    /// with a "connection reset"/truncated-response error, that retry is what is missing.
    @Test("search --all through the balancer with a replica killed mid-walk: every row exactly once")
    func killReplicaMidWalk() async throws {
        try await Self.withCluster { cluster in try await Self.walkWhileKilling(cluster) }
    }

    static func walkWhileKilling(_ cluster: Cluster) async throws {
        let search = try ChildProcess(
            [
                HotelsBinary.url.path, "search", "--endpoint", cluster.balancer + "/soap", "--all", "--format", "csv", "--page-size", "50",
                "--retries", "3",
            ],
            stdout: .capture, stderr: .capture)
        // Kill once a tenth of the rows are out: the walk is well under way, far from done.
        try await waitUntil("the walk to get going", timeout: .seconds(120), state: "search stderr: \(search.stderr)") {
            search.stdout.utf8.count(where: { $0 == UInt8(ascii: "\n") }) > count / 10 || search.poll() != nil
        }
        #expect(search.poll() == nil, "the walk ended before the kill; make it longer")
        kill(cluster.replicas[0].pid, SIGKILL)
        let end = try await search.wait(timeout: 180)
        #expect(end == .exited(0), "hotels search \(end.map { "\($0)" } ?? "still running"): \(search.stderr)")
        let ids = search.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" }
        #expect(ids.count == count, "\(ids.count) rows for \(count) hotels")
        #expect(Set(ids).count == count, "\(ids.count - Set(ids).count) duplicate rows")
    }

    /// OpenTravel pages by signed token: round robin sends each page of the walk to the
    /// other replica, which must accept the token the first one signed (scripts/cluster
    /// gives them one --token-key-file). Without the shared key the second page is refused.
    @Test("search --dialect ota --all through the balancer, pages alternating replicas: every hotel exactly once")
    func otaWalkAcrossReplicas() async throws {
        try await Self.withCluster { cluster in try await Self.otaWalk(cluster) }
    }

    static func otaWalk(_ cluster: Cluster) async throws {
        let search = try await HotelsBinary.run([
            "search", "--endpoint", cluster.balancer + "/ota", "--dialect", "ota", "--all", "--format", "csv", "--page-size", "500",
            "--retries", "0",
        ])
        #expect(search.status == 0, "\(search.stderr)")
        let ids = search.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" }
        #expect(ids.count == count, "\(ids.count) rows for \(count) hotels")
        #expect(Set(ids).count == ids.count, "\(ids.count - Set(ids).count) duplicate rows")
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
