import Foundation

/// SQLite beside PostgreSQL under the same wrk load, in the same run: `hotels serve` over
/// the SQLite file, over PostgreSQL (one replica), and two replicas behind HAProxy, for the
/// city page, the 5 km radius by distance and GetHotel (``PostgresStack`` starts them).
///
/// Besides requests/s and latency it reads the CPU each request cost in every process
/// (`hotels serve`, PostgreSQL's postmaster and backends, HAProxy) from `/proc` before and
/// after each run: on two cores shared with wrk, requests/s says little about a larger
/// machine, while CPU per request says what each added core or replica buys.
enum PostgresBench {
    enum Target: CaseIterable {
        case sqlite, postgres, replicas

        var label: String {
            switch self {
            case .sqlite: return "SQLite"
            case .postgres: return "PostgreSQL"
            case .replicas: return "PostgreSQL, 2 replicas behind HAProxy"
            }
        }
    }

    /// One scenario on one target: wrk's medians, and CPU summed over all runs.
    struct Result {
        var scenario: String
        var target: Target
        var load: ServerBench.Result
        /// Milliseconds of CPU per request, by process kind.
        var serveCPU: Double
        var postgresCPU: Double?
        var haproxyCPU: Double?
        var totalCPU: Double { serveCPU + (postgresCPU ?? 0) + (haproxyCPU ?? 0) }
    }

    private struct Ticks {
        var serve = 0
        var postgres = 0
        var haproxy = 0

        static func - (a: Ticks, b: Ticks) -> Ticks {
            Ticks(serve: a.serve - b.serve, postgres: a.postgres - b.postgres, haproxy: a.haproxy - b.haproxy)
        }
        static func + (a: Ticks, b: Ticks) -> Ticks {
            Ticks(serve: a.serve + b.serve, postgres: a.postgres + b.postgres, haproxy: a.haproxy + b.haproxy)
        }
    }

    /// Every target must give the same answer before any is timed: the same first page for
    /// every city and radius query, the same hotel for the first and last ids.
    static func verify(_ stack: PostgresStack, fullPages: Bool) async throws {
        try await stack.waitForBalancer()
        for url in [stack.sqlite.baseURL, stack.primary.baseURL, stack.balancerURL] {
            if fullPages { try await ServerBench.verify(baseURL: url, hotels: stack.hotels) }
        }
        try await SameAnswers.check(
            urls: [stack.sqlite.baseURL, stack.primary.baseURL, stack.balancerURL],
            queries: ServerBench.cityQueries + ServerBench.nearQueries,
            ids: [WrkScript.hotelId(1), WrkScript.hotelId(stack.hotels)])
    }

    /// Each scenario: a 2 s warm-up per target, then `runs` rounds of `seconds` in which
    /// the targets take turns, so a change in the machine's load falls on all of them.
    static func run(wrk: String, stack: PostgresStack, paths: BenchPaths, seconds: Int, runs: Int) throws -> [Result] {
        let scenarios = try ServerBench.scenarios(hotels: stack.hotels, paths: paths, prefix: "pg-").prefix(3)
        var results: [Result] = []
        for scenario in scenarios {
            var reports: [Target: [WrkReport]] = [:]
            var ticks: [Target: Ticks] = [:]
            for target in Target.allCases {
                _ = try ServerBench.load(wrk: wrk, script: scenario.script, url: url(target, stack) + scenario.path, seconds: 2)
            }
            for _ in 0..<runs {
                for target in Target.allCases {
                    let before = sample(target, stack)
                    let report = try ServerBench.load(
                        wrk: wrk, script: scenario.script, url: url(target, stack) + scenario.path, seconds: seconds)
                    ticks[target, default: Ticks()] = ticks[target, default: Ticks()] + (sample(target, stack) - before)
                    reports[target, default: []].append(report)
                }
            }
            for target in Target.allCases {
                let load = ServerBench.Result(scenario: scenario.name, reports: reports[target] ?? [])
                let spent = ticks[target] ?? Ticks()
                let perRequest = { (ticks: Int) in Double(ticks) * 1000 / ProcessCPU.ticksPerSecond / Double(max(1, load.requests)) }
                results.append(
                    Result(
                        scenario: scenario.name, target: target, load: load, serveCPU: perRequest(spent.serve),
                        postgresCPU: target == .sqlite ? nil : perRequest(spent.postgres),
                        haproxyCPU: target == .replicas ? perRequest(spent.haproxy) : nil))
            }
        }
        return results
    }

    private static func url(_ target: Target, _ stack: PostgresStack) -> String {
        switch target {
        case .sqlite: return stack.sqlite.baseURL
        case .postgres: return stack.primary.baseURL
        case .replicas: return stack.balancerURL
        }
    }

    /// The CPU so far of the processes that serve `target`.
    private static func sample(_ target: Target, _ stack: PostgresStack) -> Ticks {
        switch target {
        case .sqlite:
            return Ticks(serve: ProcessCPU.ticks(stack.sqlite.pid))
        case .postgres:
            return Ticks(serve: ProcessCPU.ticks(stack.primary.pid), postgres: ProcessCPU.treeTicks(stack.postmaster))
        case .replicas:
            return Ticks(
                serve: ProcessCPU.ticks(stack.primary.pid) + ProcessCPU.ticks(stack.second.pid),
                postgres: ProcessCPU.treeTicks(stack.postmaster), haproxy: ProcessCPU.ticks(stack.balancer.pid))
        }
    }
}
