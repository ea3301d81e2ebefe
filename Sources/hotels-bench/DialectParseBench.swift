import Foundation
import HotelDialectFiles
import HotelSOAP

/// A dialect file that says what our contract's built-in reader does in code
/// (`Dialects/hotel-search.yaml`), against that reader, on the same response, side by side
/// (issue 30: the file within 1.3 × the built-in's time). Both through `SOAPDialect`'s
/// `responseReader`, as `hotels parse` and `search` run them: every `HotelInfo` built.
enum DialectParseBench {
    struct Result {
        var hotels: Int
        var builtIn: Double
        var file: Double
        /// Median of per-round ratios file / built-in.
        var ratio: Double
        var dialectFile: String
    }

    static let goal = 1.3

    static func run(path: String, dialectFile: String, runs: Int) throws -> Result {
        let dialect = try DialectFile.load(contentsOf: dialectFile)
        var builtIn: [Double] = []
        var file: [Double] = []
        var ratios: [Double] = []
        var hotels = 0
        for round in 0...runs {
            var ours = 0
            var theirs = 0
            let a = try Measure.once { ours = try parse(path, with: HotelSearchDialect()) }
            let b = try Measure.once { theirs = try parse(path, with: dialect) }
            // The same rows or the time means nothing.
            guard ours == theirs else { throw BenchError("the dialect file read \(theirs) hotels, the built-in reader \(ours)") }
            hotels = ours
            if round == 0 { continue }  // warm-up: the file into the page cache
            builtIn.append(a)
            file.append(b)
            ratios.append(b / a)
        }
        return Result(
            hotels: hotels, builtIn: Measure.median(builtIn), file: Measure.median(file), ratio: Measure.median(ratios),
            dialectFile: dialectFile)
    }

    static func parse(_ path: String, with dialect: some SOAPDialect) throws -> Int {
        var count = 0
        let reader = dialect.responseReader { _ in count += 1 }
        _ = try FileChunks.read(path) { chunk in
            try reader.feed(chunk)
            return true
        }
        _ = try reader.finish()
        return count
    }
}

extension DialectParseBench.Result {
    var section: BenchmarkReport.Section {
        let name = URL(fileURLWithPath: dialectFile).lastPathComponent
        return BenchmarkReport.Section(
            title: "Dialect file",
            intro: String(
                format:
                    "The same %@-hotel response through our contract's built-in reader and through `Dialects/%@`, the contract written as a dialect file: `SOAPDialect.responseReader`, 64 KiB chunks, every `HotelInfo` built.",
                BenchFormat.count(Double(hotels)), name),
            header: ["what", "median", "ratio"],
            rows: [
                ["built-in reader (`HotelSearchDialect`)", BenchFormat.seconds(builtIn), "1"],
                ["dialect file (`\(name)`, `DialectFile`)", BenchFormat.seconds(file), "\(BenchFormat.ratio(ratio)) built-in"],
            ],
            notes: [
                "The ratio is the median of per-round ratios: each round runs both once, back to back.",
                String(
                    format: "Goal the file ≤ %.1f × the built-in reader: **%@** (%.2f ×).", DialectParseBench.goal,
                    ratio <= DialectParseBench.goal ? "met" : "missed", ratio),
            ])
    }
}
