import Foundation

extension ScalingBench {
    /// Issue 33 point 1, at 8 cores against 1: throughput, CPU per request, p99 and RSS.
    static let goalSpeedup = 6.5
    static let goalCPUGrowth = 1.15
    static let goalP99 = 0.015
    static let goalRSSGrowth = 1.5

    static func section(_ result: Result) -> BenchmarkReport.Section {
        let byScenario = Dictionary(grouping: result.measurements, by: \.scenario)
        let scenarios = result.measurements.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var rows: [[String]] = []
        for scenario in scenarios {
            let measured = byScenario[scenario] ?? []
            let one = measured.first { $0.step.apart && $0.step.eventLoops == 1 }
            for m in measured {
                let speedup = one.map { m.report.requestsPerSecond / $0.report.requestsPerSecond }
                let efficiency = m.step.apart ? speedup.map { BenchFormat.percent($0 / Double(m.step.serverCPUs.count)) } : nil
                rows.append([
                    scenario, m.step.label, BenchFormat.count(m.report.requestsPerSecond),
                    m.step.apart ? speedup.map(BenchFormat.ratio) ?? "–" : "–", efficiency ?? "–",
                    BenchFormat.seconds(m.report.p99), String(format: "%.1f", m.report.p99 / fairWait(m)),
                    String(format: "%.3f", m.cpuPerRequest * 1000),
                    BenchFormat.mebibytes(Double(m.peakRSS) / 1_048_576),
                    m.perRequest.map { String(format: "%.2f", $0.futexWaits) } ?? "–",
                    m.perRequest.map { String(format: "%.2f", $0.contextSwitches) } ?? "–",
                    m.perRequest?.mallocs.map { String(format: "%.0f", $0) } ?? "–",
                    "\(m.report.errors) of \(BenchFormat.count(Double(m.report.requests)))",
                ])
            }
        }
        return BenchmarkReport.Section(
            title: "Scaling with cores",
            intro:
                "A fresh `hotels serve` (\(BenchFormat.count(Double(result.hotels))) hotels, SQLite, `--log-level error`) per step, pinned with `taskset` "
                + "to the step's CPUs with one event loop per CPU (`--io-threads`); `wrk -tN -c\(connections) --latency` pinned to CPUs of its own "
                + "(\(ScalingPlan.list(result.plan.steps.first?.wrkCPUs ?? []))), \(warmUp) s of warm-up then \(result.seconds) s measured per scenario. "
                + "CPU is the server's user + system time over the requests wrk completed; RSS its peak (VmHWM) so far in the step. "
                + "Lock waits (futex waits), context switches and `malloc` calls per request come from `perf stat` attached during a separate "
                + "\(profileSeconds) s run (– where perf cannot attach, or for `malloc` without root). "
                + "p99 ÷ turn: the p99 over \(connections) connections ÷ requests/s, the mean wait when every connection is served in its turn "
                + "(Little's law): near 1 when none waits many turns; a p99 of 15 ms at \(connections) connections needs both this near 1 and "
                + "about \(BenchFormat.count(Double(connections) / goalP99)) requests/s.",
            header: [
                "scenario", "server CPUs", "requests/s", "vs 1", "efficiency", "p99", "p99 ÷ turn", "CPU ms/req", "peak RSS",
                "futex waits/req",
                "switches/req",
                "mallocs/req", "errors",
            ],
            rows: rows, notes: notes(result, byScenario: byScenario))
    }

    /// Seconds a request waits on average when all `connections` are served in turn.
    static func fairWait(_ m: Measurement) -> Double { Double(connections) / max(1, m.report.requestsPerSecond) }

    private static func notes(_ result: Result, byScenario: [String: [Measurement]]) -> [String] {
        var notes: [String] = []
        let errors = result.measurements.map(\.report.errors).reduce(0, +)
        notes.append(errors == 0 ? "No errors in any step." : "**\(errors) errors** (non-2xx/3xx or socket errors): see the errors column.")
        let widest = result.plan.steps.filter(\.apart).map(\.serverCPUs.count).max() ?? 1
        guard widest >= 8 else {
            notes.append(
                "Goal (issue 33 point 1) at 8 cores against 1: not measurable here (the server gets at most \(widest) core\(widest == 1 ? "" : "s") apart from wrk); "
                    + "it needs a machine with at least 10 cores.")
            notes += sharedComparison(byScenario)
            return notes
        }
        var verdicts: [String] = []
        var met = true
        for (scenario, measured) in byScenario.sorted(by: { $0.key < $1.key }) {
            guard let one = measured.first(where: { $0.step.apart && $0.step.serverCPUs.count == 1 }),
                let eight = measured.first(where: { $0.step.apart && $0.step.serverCPUs.count == 8 })
            else { continue }
            let speedup = eight.report.requestsPerSecond / one.report.requestsPerSecond
            let cpu = eight.cpuPerRequest / one.cpuPerRequest
            let rss = Double(eight.peakRSS) / Double(max(1, one.peakRSS))
            let ok = speedup >= goalSpeedup && cpu <= goalCPUGrowth && eight.report.p99 <= goalP99 && rss <= goalRSSGrowth
            met = met && ok
            verdicts.append(
                String(
                    format: "%@: %.1f ×, CPU/req %.2f ×, p99 %@, RSS %.2f × (%@)", scenario, speedup, cpu,
                    BenchFormat.seconds(eight.report.p99),
                    rss, ok ? "met" : "missed"))
        }
        notes.append(
            "Goal (issue 33 point 1), 8 cores against 1: ≥ \(goalSpeedup) × requests/s, CPU/request ≤ \(goalCPUGrowth) ×, p99 ≤ 15 ms, "
                + "peak RSS ≤ \(goalRSSGrowth) ×, every scenario: **\(met ? "met" : "missed")**. " + verdicts.joined(separator: "; ") + ".")
        return notes
    }

    /// One event loop against two, server and wrk sharing every core: the same placement,
    /// so what grows per request grows because the server's threads meet.
    private static func sharedComparison(_ byScenario: [String: [Measurement]]) -> [String] {
        byScenario.sorted(by: { $0.key < $1.key }).compactMap { scenario, measured in
            guard let one = measured.first(where: { !$0.step.apart && $0.step.eventLoops == 1 }),
                let two = measured.first(where: { !$0.step.apart && $0.step.eventLoops == 2 })
            else { return nil }
            var line = String(
                format: "%@, 2 loops against 1 (shared cores): CPU/req %.2f ×", scenario, two.cpuPerRequest / one.cpuPerRequest)
            if let a = one.perRequest, let b = two.perRequest {
                line += String(format: ", futex waits/req %.2f → %.2f", a.futexWaits, b.futexWaits)
                if let x = a.mallocs, let y = b.mallocs { line += String(format: ", mallocs/req %.0f → %.0f", x, y) }
            }
            return line + "."
        }
    }
}
