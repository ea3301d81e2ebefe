import ChildProcess
import Foundation

/// What a user runs on a saved response: `hotels parse FILE --format F`, the whole process
/// (start-up, parse, format, write), against `xmllint --stream --noout FILE` in the same
/// rounds. Output goes to /dev/null, so the figure is ours, not a reader's.
enum FormatBench {
    struct Row {
        var format: String
        var seconds: Double
        /// Median of per-round ratios against xmllint.
        var ratio: Double?
        var goal: Double
        /// Peak resident memory of one run (GNU time), when measured.
        var peakMiB: Double?
    }

    static let formats: [(name: String, goal: Double)] = [("csv", 0.8), ("tsv", 0.8), ("json", 1.0), ("table", 2.0)]

    static func run(hotels: String, path: String, runs: Int, paths: BenchPaths) throws -> (rows: [Row], xmllint: Double?) {
        let xmllintPath = ChildProcess.find("xmllint")
        var times: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        var xmllint: [Double] = []
        for round in 0...runs {
            let x = try xmllintPath.map { tool in try Measure.once { try Measure.run([tool, "--stream", "--noout", path]) } }
            for (format, _) in formats {
                let t = try Measure.once {
                    try ChildProcess([hotels, "parse", path, "--format", format], stdout: .null).check()
                }
                if round == 0 { continue }  // warm-up
                times[format, default: []].append(t)
                if let x { ratios[format, default: []].append(t / x) }
            }
            if round > 0, let x { xmllint.append(x) }
        }
        let rows = try formats.map { format, goal in
            Row(
                format: format, seconds: Measure.median(times[format] ?? []),
                ratio: ratios[format].map(Measure.median), goal: goal,
                peakMiB: format == "table" && MemoryBench.available
                    ? try peakMiB(hotels: hotels, path: path, format: format, paths: paths) : nil)
        }
        return (rows, xmllint.isEmpty ? nil : Measure.median(xmllint))
    }

    private static func peakMiB(hotels: String, path: String, format: String, paths: BenchPaths) throws -> Double {
        let report = paths.file("format-time-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(atPath: report) }
        try ChildProcess([MemoryBench.time, "-f", "%M", "-o", report, hotels, "parse", path, "--format", format], stdout: .null).check()
        let text = try String(contentsOfFile: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let kib = Double(text.split(separator: "\n").last ?? "") else { throw BenchError("unexpected GNU time output: \(text)") }
        return kib / 1024
    }

    static func section(_ result: (rows: [Row], xmllint: Double?), megabytes: Double, hotels: Int) -> BenchmarkReport.Section {
        var rows = result.rows.map { row in
            [
                "`hotels parse FILE --format \(row.format)`", BenchFormat.seconds(row.seconds),
                row.ratio.map { "\(BenchFormat.ratio($0)) xmllint" } ?? "", String(format: "≤ %.1f ×", row.goal),
                row.peakMiB.map { String(format: "%.1f MiB", $0) } ?? "",
            ]
        }
        if let x = result.xmllint { rows.append(["`xmllint --stream --noout FILE`", BenchFormat.seconds(x), "1", "", ""]) }
        var notes = result.rows.compactMap { row -> String? in
            guard let ratio = row.ratio else { return nil }
            return String(
                format: "%@: **%@** (%.2f × xmllint, goal ≤ %.1f ×).", row.format, ratio <= row.goal ? "met" : "missed", ratio, row.goal)
        }
        if result.xmllint == nil { notes.append("xmllint is not installed (Debian package libxml2-utils): no ratios.") }
        notes.append(
            "Whole processes, output to /dev/null; ratios are medians of per-round ratios (each round runs xmllint and all four formats).")
        return BenchmarkReport.Section(
            title: "Formats",
            intro: String(
                format: "What users run on a saved response: the same %@-hotel file as Parse (%.1f MB), every format, start-up included.",
                BenchFormat.count(Double(hotels)), megabytes),
            header: ["command", "median", "ratio", "goal", "peak RSS"],
            rows: rows, notes: notes)
    }
}
