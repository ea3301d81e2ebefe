import Foundation

/// Timing helpers: every figure is the median of several runs.
enum Measure {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
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

    /// Median wall time of a command, run through posix_spawn with output discarded.
    static func command(_ argv: [String], runs: Int) throws -> Double {
        try time(runs: runs) { try run(argv) }
    }

    static func run(_ argv: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw BenchError("\(argv.joined(separator: " ")) exited \(p.terminationStatus)")
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
