import ChildProcess
import Foundation

/// What `GET /metrics` costs (issue 33 point 4): the city page under wrk against two
/// `hotels serve` over one catalog, one counting (the default) and one `--no-metrics`, both
/// loaded at once, each by its own wrk, in the same seconds.
///
/// Why at once: this VM's speed drifts by ±10 % from one 5 s load to the next, so rounds that
/// alternate the two servers gave medians from 95.3 to 102.7 % for one build, and an A/A pair
/// run one after the other differed by ±6 %. Loaded together, the two servers share the same
/// CPUs in the same seconds and the scheduler gives each an equal share, so their requests/s
/// differ only by what each request costs: an A/A pair came out at 98.6–100.1 % in every
/// round. Each server is loaded at about half its throughput alone (the table shows that
/// rate, not a server's capacity). Why ``pairs`` pairs of processes, started afresh, which
/// first by turns: two processes of one build still differ by a percent or two.
/// Where the machine has two cores or more, both servers are pinned with `taskset` to the
/// first step of ``ScalingPlan`` (this 2-core VM: CPU 0) and both wrks to its other CPUs.
/// The server's CPU time per request is taken beside requests/s.
enum MetricsCostBench {
    struct Result {
        var hotels: Int
        var with: ServerBench.Result
        var without: ServerBench.Result
        /// Median of per-round ratios: requests/s with metrics over without.
        var ratio: Double
        /// Median of per-round ratios: server CPU per request with metrics over without.
        var cpuRatio: Double
        /// Each pair's median ratio of requests/s, in the order they ran.
        var pairRatios: [Double]
        /// Median server CPU seconds per request, with and without.
        var cpuPerRequest: (with: Double, without: Double)
        var rounds: Int
        /// Where the servers and wrk ran; nil when they shared every core.
        var pinning: ScalingPlan.Step?
    }

    /// The bound: with metrics at least 97 % of the throughput without.
    static let goalRatio = 0.97
    /// Pairs of servers, each started afresh; the rounds are shared out among them. Even, so
    /// each of the two starts first as often.
    static let pairs = 6

    /// Three times the other loads' rounds at half their length, shared out over ``pairs``.
    static func rounds(wrkRuns: Int, wrkSeconds: Int) -> (rounds: Int, seconds: Int) {
        (wrkRuns * 3, max(1, (wrkSeconds + 1) / 2))
    }

    static func run(wrk: String, paths: BenchPaths, hotels: Int, seconds: Int, rounds: Int) throws -> Result {
        let catalog = try ServedCatalog.sqliteCatalog(hotels: hotels, paths: paths)
        let taskset = ChildProcess.find("taskset")
        let pinning = taskset == nil ? nil : ScalingPlan(cpus: ScalingPlan.allowedCPUs()).steps.first { $0.apart }
        let launcher = pinning.map { [taskset!, "-c", ScalingPlan.list($0.serverCPUs)] } ?? []
        let loops = pinning.map { ["--io-threads", String($0.eventLoops)] } ?? []
        let city = try ServerBench.cityScenario(paths: paths, prefix: "metrics-")
        func load(_ server: ServedCatalog, _ seconds: Int) throws -> (report: WrkReport, cpuPerRequest: Double) {
            let url = server.baseURL + city.path
            let before = ProcessCPU.ticks(server.pid)
            let report =
                if let pinning, let taskset {
                    try ScalingBench.load(
                        wrk: wrk, taskset: taskset, cpus: pinning.wrkCPUs, script: city.script, url: url, seconds: seconds,
                        connections: ServerBench.connections)
                } else {
                    try ServerBench.load(wrk: wrk, script: city.script, url: url, seconds: seconds)
                }
            let ticks = ProcessCPU.ticks(server.pid) - before
            return (report, Double(ticks) / ProcessCPU.ticksPerSecond / Double(max(1, report.requests)))
        }
        func serve(metrics: Bool) throws -> ServedCatalog {
            try ServedCatalog(
                catalog: catalog, hotels: hotels, paths: paths, label: metrics ? "metrics-on" : "metrics-off",
                arguments: (metrics ? [] : ["--no-metrics"]) + loops, launcher: launcher)
        }
        /// Both servers under load at once, each with its own wrk: the same seconds of the
        /// machine for both, and the scheduler's fair share of the same CPUs.
        func loadTogether(_ with: ServedCatalog, _ without: ServedCatalog, _ seconds: Int) throws -> (
            on: (report: WrkReport, cpuPerRequest: Double), off: (report: WrkReport, cpuPerRequest: Double)
        ) {
            let outcomes = Outcomes()
            let pair = LoadPair(load: load, servers: [with, without], seconds: seconds)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let outcome = Swift.Result { try pair.load(pair.servers[index], pair.seconds) }
                outcomes.lock.withLock { outcomes.values[index] = outcome }
            }
            return (try outcomes.values[0]!.get(), try outcomes.values[1]!.get())
        }
        var on: [(report: WrkReport, cpuPerRequest: Double)] = []
        var off: [(report: WrkReport, cpuPerRequest: Double)] = []
        let perPair = max(1, (rounds + pairs - 1) / pairs)
        for pair in 0..<pairs {
            // Which process starts first, and so where it lands in memory, by turns.
            let first = try serve(metrics: pair % 2 == 0)
            defer { first.stop() }
            let second = try serve(metrics: pair % 2 != 0)
            defer { second.stop() }
            let (with, without) = pair % 2 == 0 ? (first, second) : (second, first)
            _ = try loadTogether(with, without, 2)
            for _ in 0..<perPair {
                let (a, b) = try loadTogether(with, without, seconds)
                on.append(a)
                off.append(b)
            }
        }
        let ratios = zip(on, off).map { $0.report.requestsPerSecond / $1.report.requestsPerSecond }
        return Result(
            hotels: hotels,
            with: ServerBench.Result(scenario: "city page of 50, metrics on (default)", reports: on.map(\.report)),
            without: ServerBench.Result(scenario: "city page of 50, --no-metrics", reports: off.map(\.report)),
            ratio: Measure.median(ratios),
            cpuRatio: Measure.median(zip(on, off).map { $0.cpuPerRequest / $1.cpuPerRequest }),
            pairRatios: stride(from: 0, to: ratios.count, by: perPair).map {
                Measure.median(Array(ratios[$0..<min(ratios.count, $0 + perPair)]))
            },
            cpuPerRequest: (Measure.median(on.map(\.cpuPerRequest)), Measure.median(off.map(\.cpuPerRequest))),
            rounds: on.count, pinning: pinning)
    }

    static func section(_ result: Result, seconds: Int) -> BenchmarkReport.Section {
        let errors = result.with.errors + result.without.errors
        let met = result.ratio >= goalRatio && errors == 0
        return BenchmarkReport.Section(
            title: "Cost of metrics",
            intro:
                "Two `hotels serve` over one \(BenchFormat.count(Double(result.hotels)))-hotel catalog, one with metrics (the default) and one `--no-metrics`, "
                + "each under `wrk -t\(ServerBench.threads) -c\(ServerBench.connections) -d\(seconds)s --latency` with the server section's city scenario, "
                + "both loaded at once (each by its own wrk, sharing the same CPUs: each runs at about half its rate alone), after a 2 s warm-up, in \(result.rounds) rounds over \(pairs) pairs of processes started afresh (which of the two first by turns); medians.",
            header: ["load", "requests/s", "p50", "p99", "server CPU/req", "errors"],
            rows: zip([result.with, result.without], [result.cpuPerRequest.with, result.cpuPerRequest.without]).map { r, cpu in
                [
                    r.scenario, BenchFormat.count(r.requestsPerSecond), BenchFormat.seconds(r.p50), BenchFormat.seconds(r.p99),
                    String(format: "%.3f ms", cpu * 1000), "\(r.errors) of \(BenchFormat.count(Double(r.requests)))",
                ]
            },
            notes: [
                String(
                    format:
                        "Goal (issue 33 point 4): with metrics at least %.0f %% of the requests/s without, no errors: **%@** (%.1f %%, median of per-round ratios).",
                    goalRatio * 100, met ? "met" : "missed", result.ratio * 100),
                String(format: "Server CPU per request with metrics: %.3f × without (median of per-round ratios).", result.cpuRatio),
                "Each pair's ratio (metrics on started first in the 1st, 3rd, 5th): "
                    + result.pairRatios.map { String(format: "%.1f %%", $0 * 100) }.joined(separator: ", ") + ".",
                result.pinning.map {
                    "Both servers pinned to CPU \(ScalingPlan.list($0.serverCPUs)) (`--io-threads \($0.eventLoops)`), both wrks to \(ScalingPlan.list($0.wrkCPUs))."
                } ?? "The servers and the wrks share the cores (no taskset).",
            ])
    }

    static func skipped(_ why: String) -> BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "Cost of metrics", intro: "The city page with metrics beside `--no-metrics`.",
            header: ["load", "requests/s", "p50", "p99", "server CPU/req", "errors"], notes: [why])
    }
}

/// The two loads' results of ``MetricsCostBench``'s `loadTogether`, written from two threads.
private final class Outcomes: @unchecked Sendable {
    let lock = NSLock()
    var values: [Swift.Result<(report: WrkReport, cpuPerRequest: Double), any Error>?] = [nil, nil]
}

/// One load per server for ``MetricsCostBench``'s `loadTogether`: each thread only starts its
/// wrk and reads its server's CPU time, touching nothing the other does.
private struct LoadPair: @unchecked Sendable {
    let load: (ServedCatalog, Int) throws -> (report: WrkReport, cpuPerRequest: Double)
    let servers: [ServedCatalog]
    let seconds: Int
}
