import Foundation

/// Which cores the server and wrk get in each step of `hotels-bench --scaling`.
///
/// wrk takes half the CPUs this process may run on (at most 8: the issue's `wrk -t8` run),
/// the server steps through 1, 2, 4, … of the rest, never sharing a core with wrk. A server
/// sharing its cores with the load generator measures the scheduler, not the server.
///
/// On a machine with too few cores for a second pinned step (this 2-core VM), two more
/// steps put the server and wrk on all cores together, with one event loop and with two:
/// they cannot say how far throughput scales, but what a request costs in CPU, lock waits
/// and allocations with one loop against two shows whether the server's threads get in
/// each other's way (issue 33 point 1's fallback).
///
/// ```
/// ScalingPlan(cpus: Array(0..<16)).steps.map(\.label)   // ["1", "2", "4", "8"]
/// ScalingPlan(cpus: [0, 1]).steps.map(\.label)          // ["1", "1 loop, shared", "2 loops, shared"]
/// ScalingPlan.list([0, 1, 2, 3, 8])                     // "0-3,8"
/// ```
struct ScalingPlan: Equatable {
    struct Step: Equatable {
        var label: String
        var serverCPUs: [Int]
        var wrkCPUs: [Int]
        /// `hotels serve --io-threads`: one event loop per core it is pinned to.
        var eventLoops: Int
        /// Server and wrk on disjoint cores: the step counts for the efficiency column.
        var apart: Bool
    }

    var steps: [Step]

    init(cpus: [Int]) {
        guard cpus.count >= 2 else {
            steps = []
            return
        }
        let wrk = Array(cpus.suffix(min(8, cpus.count / 2)))
        let server = Array(cpus.prefix(cpus.count - wrk.count))
        var steps: [Step] = []
        var cores = 1
        while cores <= server.count {
            steps.append(Step(label: "\(cores)", serverCPUs: Array(server.prefix(cores)), wrkCPUs: wrk, eventLoops: cores, apart: true))
            cores *= 2
        }
        if steps.count < 2 {
            steps += [1, 2].map { loops in
                Step(
                    label: "\(loops) loop\(loops == 1 ? "" : "s"), shared", serverCPUs: cpus, wrkCPUs: cpus, eventLoops: loops, apart: false
                )
            }
        }
        self.steps = steps
    }

    /// One line a step: "1  server on 0  wrk on 8-15 (-t8)  1 event loop".
    var text: String {
        guard !steps.isEmpty else { return "no steps: --scaling needs at least 2 CPUs, one for the server and one for wrk\n" }
        return steps.map { step in
            "\(step.label): server on \(Self.list(step.serverCPUs)) (\(step.eventLoops) event loop\(step.eventLoops == 1 ? "" : "s")), "
                + "wrk on \(Self.list(step.wrkCPUs)) (-t\(step.wrkCPUs.count))\(step.apart ? "" : ", sharing the server's cores")\n"
        }.joined()
    }

    /// The CPUs this process may run on, from `Cpus_allowed_list` in `/proc/self/status`
    /// ("0-3,8-11"): `taskset` or a container may have narrowed them.
    static func allowedCPUs() -> [Int] {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else {
            return Array(0..<ProcessInfo.processInfo.activeProcessorCount)
        }
        return parseList(line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces))
    }

    /// "0-3,8,10-11" → [0, 1, 2, 3, 8, 10, 11].
    static func parseList(_ text: String) -> [Int] {
        text.split(separator: ",").flatMap { part -> [Int] in
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            guard let first = bounds.first else { return [] }
            return Array(first...(bounds.count > 1 ? max(first, bounds[1]) : first))
        }
    }

    /// `taskset -c` syntax, runs joined: [0, 1, 2, 3, 8] → "0-3,8".
    static func list(_ cpus: [Int]) -> String {
        var runs: [(first: Int, last: Int)] = []
        for cpu in cpus {
            if let last = runs.last, cpu == last.last + 1 { runs[runs.count - 1].last = cpu } else { runs.append((cpu, cpu)) }
        }
        return runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }.joined(separator: ",")
    }
}
