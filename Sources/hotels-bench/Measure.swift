import Foundation

/// Timing helpers: every figure is the median of several runs.
enum Measure {
    /// Monotonic wall-clock seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds spent by the calling thread: what drawing a frame costs, without the
    /// time the scheduler gave to other processes on this shared machine.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ xs: [Double]) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Wall time of one call of `body`.
    static func once(_ body: () throws -> Void) rethrows -> Double {
        let t0 = now()
        try body()
        return now() - t0
    }

    /// Median wall time of `runs` calls of `body`, after one warm-up.
    static func time(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let t0 = now()
            try body()
            samples.append(now() - t0)
        }
        return median(samples)
    }

    /// Median wall time of a command, output discarded.
    static func command(_ argv: [String], runs: Int) throws -> Double {
        try time(runs: runs) { try run(argv) }
    }

    /// Runs a command to completion (posix_spawn + waitpid, see `ChildProcess`).
    static func run(_ argv: [String]) throws {
        try ChildProcess(argv).check()
    }
}
