import ChildProcess
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

    /// Wall time of one call of `body`. Series are built by the caller, so runs of
    /// different programs can be interleaved (see `ParseBench`).
    static func once(_ body: () throws -> Void) rethrows -> Double {
        let t0 = now()
        try body()
        return now() - t0
    }

    /// Runs a command to completion (posix_spawn + waitpid, see `ChildProcess`).
    static func run(_ argv: [String]) throws {
        try ChildProcess(argv).check()
    }
}
