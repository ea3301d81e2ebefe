import Foundation

/// `swift run -c release hotels-bench [--quick]`: generates its inputs, measures, prints a
/// table and rewrites BENCHMARKS.md. `--quick` is the CI smoke pass: tiny inputs, one run,
/// no file written.
@main
enum Bench {
    static func main() throws {
        let arguments = CommandLine.arguments
        if let i = arguments.firstIndex(of: "--profile-parse"), i + 1 < arguments.count {
            // For perf/callgrind: only our parser, a few times, nothing else in the profile.
            for _ in 0..<3 { _ = try ParseBench.parseOurs(path: arguments[i + 1]) }
            return
        }
        let quick = arguments.contains("--quick")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-bench")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let count = quick ? 500 : 100_000
        let runs = quick ? 1 : 5
        let input = dir.appendingPathComponent("search-\(count).xml").path
        if !FileManager.default.fileExists(atPath: input) {
            print("generating \(count)-hotel response…")
            try ResponseGenerator.write(count: count, to: input)
        }
        let parse = try ParseBench.run(path: input, runs: runs)
        print(String(format: "parse %.1f MB, %d hotels: ours %.3f s, xmllint --stream %.3f s (ours/xmllint = %.2f), Foundation XMLParser %.3f s (ours/Foundation = %.2f)",
                     parse.megabytes, parse.hotels, parse.ours, parse.xmllint, parse.ours / parse.xmllint, parse.foundation, parse.ours / parse.foundation))
    }
}
