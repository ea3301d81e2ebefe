import Foundation

extension PostgresBench {
    static let title = "PostgreSQL beside SQLite"
    static let cpuTitle = "CPU per request"

    /// Two tables: requests/s and p99 with a column per store, then what each request cost
    /// in each process.
    static func sections(_ results: [Result], seconds: Int, runs: Int, hotels: Int) -> [BenchmarkReport.Section] {
        let scenarios = results.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let rows = scenarios.map { scenario -> [String] in
            var row = [scenario]
            for target in Target.allCases {
                guard let r = results.first(where: { $0.scenario == scenario && $0.target == target }) else {
                    row += ["–", "–"]
                    continue
                }
                row += [BenchFormat.count(r.load.requestsPerSecond), BenchFormat.seconds(r.load.p99)]
            }
            return row
        }
        let errors = results.filter { $0.load.errors > 0 }
        let table = BenchmarkReport.Section(
            title: title,
            intro:
                "The same \(BenchFormat.count(Double(hotels))) hotels (seed 1) served by `hotels serve --log-level error` over an SQLite file, "
                + "over PostgreSQL (a throwaway `scripts/pg-temp` server started and stopped by the harness: loopback, fsync off, 256 MB shared buffers, "
                + "`VACUUM ANALYZE` after the seed), and by two such replicas behind HAProxy (round robin, as `scripts/cluster` sets it up). "
                + "`wrk -t\(ServerBench.threads) -c\(ServerBench.connections) -d\(seconds)s`, a 2 s warm-up per target, then \(runs) rounds in which the three take turns; medians. "
                + "Every target first gave the same first page for each query and the same hotels.",
            header: ["scenario", "SQLite req/s", "p99", "PostgreSQL req/s", "p99", "2 replicas + HAProxy req/s", "p99"],
            rows: rows,
            notes: [
                errors.isEmpty
                    ? "Zero errors under load on every store."
                    : "Errors: "
                        + errors.map { "\($0.scenario), \($0.target.label): \($0.load.errors) of \($0.load.requests)" }.joined(
                            separator: "; "),
                "wrk, PostgreSQL, HAProxy and every replica share the two cores: read the columns against each other, and the next table for how it scales.",
            ])
        let cpu = BenchmarkReport.Section(
            title: cpuTitle,
            intro:
                "CPU time (user + system, from `/proc/PID/stat`) each process spent over the runs above, divided by the requests served: "
                + "`hotels serve` (both replicas in the last rows), PostgreSQL (the postmaster, its backends and workers, backends that exited included) and HAProxy.",
            header: ["scenario", "store", "ms/request: hotels serve", "PostgreSQL", "HAProxy", "total", "p50", "errors"],
            rows: results.map { r in
                [
                    r.scenario, r.target.label, milliseconds(r.serveCPU), r.postgresCPU.map(milliseconds) ?? "–",
                    r.haproxyCPU.map(milliseconds) ?? "–", milliseconds(r.totalCPU),
                    BenchFormat.seconds(r.load.p50), "\(r.load.errors) of \(BenchFormat.count(Double(r.load.requests)))",
                ]
            })
        return [table, cpu]
    }

    private static func milliseconds(_ ms: Double) -> String { String(format: "%.3f", ms) }

    static func skipped(_ why: String) -> [BenchmarkReport.Section] {
        [
            BenchmarkReport.Section(
                title: title, intro: "`hotels serve` over SQLite and PostgreSQL under wrk.", header: ["scenario"], notes: [why])
        ]
    }

    /// The quick pass: the stack started, answered alike and stopped; nothing timed.
    static func smoke(hotels: Int) -> [BenchmarkReport.Section] {
        [
            BenchmarkReport.Section(
                title: title, intro: "`hotels serve` over SQLite and PostgreSQL under wrk.", header: ["scenario"],
                notes: [
                    "skipped in --quick (no load generator in the smoke pass); the stack (pg-temp, \(hotels) hotels, two replicas, HAProxy) started, answered alike and stopped."
                ])
        ]
    }
}
