import Foundation

/// BENCHMARKS.md is part generated, part hand-written: the run replaces only what lies
/// between the two markers, so the prose on what moved each number (which no program can
/// write) survives every run.
enum BenchmarksFile {
    static let begin = "<!-- hotels-bench: generated part, rewritten by `swift run -c release hotels-bench`; edit outside the markers -->"
    static let end = "<!-- hotels-bench: end of generated part -->"

    static func rewrite(at path: String, generated: String) throws {
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Benchmarks\n"
        let block = begin + "\n\n" + generated.trimmingCharacters(in: .newlines) + "\n\n" + end
        let new: String
        if let start = old.range(of: begin), let stop = old.range(of: end, range: start.upperBound..<old.endIndex) {
            new = String(old[..<start.lowerBound]) + block + String(old[stop.upperBound...])
        } else {
            // First run on a hand-written file: the block goes under the title, the rest stays.
            let lines = old.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let title = lines.first.map(String.init) ?? "# Benchmarks"
            let rest = lines.count > 1 ? String(lines[1]) : ""
            new = title + "\n\n" + block + "\n" + rest
        }
        try new.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
