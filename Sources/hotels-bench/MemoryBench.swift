import Foundation

/// Peak resident memory of `hotels parse FILE` writing CSV, for a ~10 MB and a ~100 MB
/// response, from GNU time (`/usr/bin/time -f %M`): streaming means the two are about the
/// same, and both far under the 60 MB goal.
enum MemoryBench {
    struct Result {
        var smallMegabytes: Double
        var largeMegabytes: Double
        /// Peak RSS in MiB, medians.
        var smallRSS: Double
        var largeRSS: Double
    }

    static let time = "/usr/bin/time"
    static let goalMiB = 60.0

    static var available: Bool { access(time, X_OK) == 0 }

    static func run(hotels: String, small: String, large: String, runs: Int, paths: BenchPaths) throws -> Result {
        Result(
            smallMegabytes: megabytes(small), largeMegabytes: megabytes(large),
            smallRSS: try peakRSS(hotels: hotels, input: small, runs: runs, paths: paths),
            largeRSS: try peakRSS(hotels: hotels, input: large, runs: runs, paths: paths))
    }

    static func megabytes(_ path: String) -> Double {
        Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
    }

    private static func peakRSS(hotels: String, input: String, runs: Int, paths: BenchPaths) throws -> Double {
        let report = paths.file("maxrss-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let samples = try (0..<max(1, runs)).map { _ -> Double in
            try Measure.run([time, "-f", "%M", "-o", report, hotels, "parse", input])
            let text = try String(contentsOfFile: report, encoding: .utf8)
            guard let kib = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
                throw BenchError("unexpected GNU time output: \(text)")
            }
            return kib / 1024
        }
        return Measure.median(samples)
    }
}

extension MemoryBench.Result {
    var section: BenchmarkReport.Section {
        let growth = largeRSS - smallRSS
        let met = largeRSS < MemoryBench.goalMiB
        return BenchmarkReport.Section(
            title: "Memory",
            intro:
                "Peak resident memory of `hotels parse FILE` streaming a generated response to CSV (`/usr/bin/time -f %M`, the child alone).",
            header: ["input", "peak RSS", "vs smaller input"],
            rows: [
                [BenchFormat.megabytes(smallMegabytes) + " response", BenchFormat.mebibytes(smallRSS), ""],
                [
                    BenchFormat.megabytes(largeMegabytes) + " response", BenchFormat.mebibytes(largeRSS),
                    String(format: "%+.1f MiB for %.0f × the input", growth, largeMegabytes / max(smallMegabytes, 0.001)),
                ],
            ],
            notes: [
                String(
                    format: "Goal < %.0f MiB at ~100 MB, not growing with the input: **%@** (%.1f MiB; %+.1f MiB from ~10 MB).",
                    MemoryBench.goalMiB, met ? "met" : "missed", largeRSS, growth)
            ])
    }
}

extension MemoryBench {
    static func skipped(_ why: String) -> BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "Memory", intro: "Peak resident memory of `hotels parse FILE`.", header: ["input", "peak RSS"], notes: [why])
    }
}
