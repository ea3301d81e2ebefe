import Foundation

/// What `GET /metrics` costs (issue 33 point 4): the city page under wrk against two
/// `hotels serve` over one catalog, one counting (the default) and one `--no-metrics`, in the
/// same run, their rounds alternating so a drift of the machine falls on both.
///
/// Why two servers and not one restarted: both are warm for the whole run, and a round of
/// one against the other is seconds apart. Each waits idle while the other is loaded.
enum MetricsCostBench {
    struct Result {
        var hotels: Int
        var with: ServerBench.Result
        var without: ServerBench.Result
        /// Median of per-round ratios: requests/s with metrics over without.
        var ratio: Double
        var rounds: Int
    }

    /// The bound: with metrics at least 97 % of the throughput without.
    static let goalRatio = 0.97

    static func run(wrk: String, paths: BenchPaths, hotels: Int, seconds: Int, rounds: Int) throws -> Result {
        let catalog = try ServedCatalog.sqliteCatalog(hotels: hotels, paths: paths)
        let with = try ServedCatalog(catalog: catalog, hotels: hotels, paths: paths, label: "metrics-on")
        defer { with.stop() }
        let without = try ServedCatalog(catalog: catalog, hotels: hotels, paths: paths, label: "metrics-off", arguments: ["--no-metrics"])
        defer { without.stop() }
        let city = try ServerBench.cityScenario(paths: paths, prefix: "metrics-")
        let urls = (with: with.baseURL + city.path, without: without.baseURL + city.path)
        for url in [urls.with, urls.without] { _ = try ServerBench.load(wrk: wrk, script: city.script, url: url, seconds: 2) }
        var on: [WrkReport] = []
        var off: [WrkReport] = []
        for round in 0..<rounds {
            // Alternate who goes first, so neither always follows the other's heat.
            if round % 2 == 0 {
                on.append(try ServerBench.load(wrk: wrk, script: city.script, url: urls.with, seconds: seconds))
                off.append(try ServerBench.load(wrk: wrk, script: city.script, url: urls.without, seconds: seconds))
            } else {
                off.append(try ServerBench.load(wrk: wrk, script: city.script, url: urls.without, seconds: seconds))
                on.append(try ServerBench.load(wrk: wrk, script: city.script, url: urls.with, seconds: seconds))
            }
        }
        return Result(
            hotels: hotels,
            with: ServerBench.Result(scenario: "city page of 50, metrics on (default)", reports: on),
            without: ServerBench.Result(scenario: "city page of 50, --no-metrics", reports: off),
            ratio: Measure.median(zip(on, off).map { $0.requestsPerSecond / $1.requestsPerSecond }), rounds: rounds)
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
            header: ["load", "requests/s", "p50", "p99", "errors"],
            rows: [result.with, result.without].map { r in
                [
                    r.scenario, BenchFormat.count(r.requestsPerSecond), BenchFormat.seconds(r.p50), BenchFormat.seconds(r.p99),
                    "\(r.errors) of \(BenchFormat.count(Double(r.requests)))",
                ]
            },
            notes: [
                String(
                    format:
                        "Goal (issue 33 point 4): with metrics at least %.0f %% of the requests/s without, no errors: **%@** (%.1f %%, median of per-round ratios).",
                    goalRatio * 100, met ? "met" : "missed", result.ratio * 100),
                "wrk and the server under load share the two cores; the other server waits idle.",
            ])
    }

    static func skipped(_ why: String) -> BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "Cost of metrics", intro: "The city page with metrics beside `--no-metrics`.",
            header: ["load", "requests/s", "p50", "p99", "errors"], notes: [why])
    }
}
