import ChildProcess
import Foundation

/// What `GET /metrics` costs (issue 33 point 4): the city page under wrk against two
/// `hotels serve` over one catalog, one counting (the default) and one `--no-metrics`, in the
/// same run, their rounds alternating so a drift of the machine falls on both.
///
/// Why two servers and not one restarted: both are warm for the whole run, and a round of
/// one against the other is seconds apart. Each waits idle while the other is loaded.
/// Where the machine has two cores or more, both servers are pinned with `taskset` to the
/// first step of ``ScalingPlan`` (this 2-core VM: CPU 0) and wrk to its other CPUs: with
/// wrk and the server sharing cores, two runs a minute apart differed by ±6 %, twice the
/// 3 % to be shown. The server's CPU time per request is taken beside requests/s.
enum MetricsCostBench {
    struct Result {
        var hotels: Int
        var with: ServerBench.Result
        var without: ServerBench.Result
        /// Median of per-round ratios: requests/s with metrics over without.
        var ratio: Double
        /// Median of per-round ratios: server CPU per request with metrics over without.
        var cpuRatio: Double
        /// Median server CPU seconds per request, with and without.
        var cpuPerRequest: (with: Double, without: Double)
        var rounds: Int
        /// Where the servers and wrk ran; nil when they shared every core.
        var pinning: ScalingPlan.Step?
    }

    /// The bound: with metrics at least 97 % of the throughput without.
    static let goalRatio = 0.97

    /// Three times the other loads' rounds at half their length: one round's ratio moved by
    /// as much as the bound here (three runs of 3 rounds gave medians of 96.2, 98.2 and
    /// 93.3 %); an A/A run of nine (both servers `--no-metrics`) came out at 101.7 %.
    static func rounds(wrkRuns: Int, wrkSeconds: Int) -> (rounds: Int, seconds: Int) {
        (wrkRuns * 3, max(1, (wrkSeconds + 1) / 2))
    }

    static func run(wrk: String, paths: BenchPaths, hotels: Int, seconds: Int, rounds: Int) throws -> Result {
        let catalog = try ServedCatalog.sqliteCatalog(hotels: hotels, paths: paths)
        let taskset = ChildProcess.find("taskset")
        let pinning = taskset == nil ? nil : ScalingPlan(cpus: ScalingPlan.allowedCPUs()).steps.first { $0.apart }
        let launcher = pinning.map { [taskset!, "-c", ScalingPlan.list($0.serverCPUs)] } ?? []
        let loops = pinning.map { ["--io-threads", String($0.eventLoops)] } ?? []
        let with = try ServedCatalog(
            catalog: catalog, hotels: hotels, paths: paths, label: "metrics-on", arguments: loops, launcher: launcher)
        defer { with.stop() }
        let without = try ServedCatalog(
            catalog: catalog, hotels: hotels, paths: paths, label: "metrics-off", arguments: ["--no-metrics"] + loops, launcher: launcher)
        defer { without.stop() }
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
        for server in [with, without] { _ = try load(server, 2) }
        var on: [(report: WrkReport, cpuPerRequest: Double)] = []
        var off: [(report: WrkReport, cpuPerRequest: Double)] = []
        for round in 0..<rounds {
            // Alternate who goes first, so neither always follows the other's heat.
            if round % 2 == 0 {
                on.append(try load(with, seconds))
                off.append(try load(without, seconds))
            } else {
                off.append(try load(without, seconds))
                on.append(try load(with, seconds))
            }
        }
        return Result(
            hotels: hotels,
            with: ServerBench.Result(scenario: "city page of 50, metrics on (default)", reports: on.map(\.report)),
            without: ServerBench.Result(scenario: "city page of 50, --no-metrics", reports: off.map(\.report)),
            ratio: Measure.median(zip(on, off).map { $0.report.requestsPerSecond / $1.report.requestsPerSecond }),
            cpuRatio: Measure.median(zip(on, off).map { $0.cpuPerRequest / $1.cpuPerRequest }),
            cpuPerRequest: (Measure.median(on.map(\.cpuPerRequest)), Measure.median(off.map(\.cpuPerRequest))),
            rounds: rounds, pinning: pinning)
    }

    static func section(_ result: Result, seconds: Int) -> BenchmarkReport.Section {
        let errors = result.with.errors + result.without.errors
        let met = result.ratio >= goalRatio && errors == 0
        return BenchmarkReport.Section(
            title: "Cost of metrics",
            intro:
                "Two `hotels serve` over one \(BenchFormat.count(Double(result.hotels)))-hotel catalog, one with metrics (the default) and one `--no-metrics`, "
                + "each under `wrk -t\(ServerBench.threads) -c\(ServerBench.connections) -d\(seconds)s --latency` with the server section's city scenario, "
                + "after a 2 s warm-up each, in \(result.rounds) rounds that alternate which goes first; medians.",
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
                result.pinning.map {
                    "Both servers pinned to CPU \(ScalingPlan.list($0.serverCPUs)) (`--io-threads \($0.eventLoops)`), wrk to \(ScalingPlan.list($0.wrkCPUs)); the server not under load waits idle."
                } ?? "wrk and the server under load share the cores (no taskset); the other server waits idle.",
            ])
    }

    static func skipped(_ why: String) -> BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "Cost of metrics", intro: "The city page with metrics beside `--no-metrics`.",
            header: ["load", "requests/s", "p50", "p99", "server CPU/req", "errors"], notes: [why])
    }
}
