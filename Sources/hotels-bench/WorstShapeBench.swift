import ChildProcess
import Foundation
import HotelSOAP

/// What the worst shapes the parser's limits allow cost (`SOAPMessageParser.WorstShapes`):
/// each beside a plain response of the same size, ours and `xmllint --stream` alike. Quadratic
/// work would show as 100 × and more; libxml2's own per-tag cost differs by shape, which the
/// xmllint column shows. The tests check that each parses and that refused shapes stop early;
/// the times are here, as ratios within one run.
enum WorstShapeBench {
    struct Row {
        var name: String
        var megabytes: Double
        /// Median of per-round ratios: the shape's time over the plain response's, ours.
        var ours: Double
        /// The same for `xmllint --stream`; nil when it is not installed.
        var xmllint: Double?
    }

    /// Ours at most this many times the plain response, for every allowed shape.
    static let goal = 5.0

    static func run(size: Int, runs: Int, paths: BenchPaths) throws -> [Row] {
        let shapes = SOAPMessageParser.WorstShapes(size: size)
        let plain = shapes.plain()
        let xmllint = ChildProcess.find("xmllint")
        let plainFile = try write(plain, name: "worst-shape-plain-\(size).xml", paths: paths)
        return try shapes.allowed().enumerated().map { index, shape in
            let file = try write(shape.bytes, name: "worst-shape-\(index)-\(size).xml", paths: paths)
            var ours: [Double] = []
            var theirs: [Double] = []
            // Each round times both documents back to back, so a slow spell of a shared
            // machine falls on both sides of the ratio; the first round only warms up.
            for round in 0...runs {
                let a = try Measure.once { try parse(plain) }
                let b = try Measure.once { try parse(shape.bytes) }
                let c = try xmllint.map { tool in try Measure.once { try Measure.run([tool, "--stream", "--noout", plainFile]) } }
                let d = try xmllint.map { tool in try Measure.once { try Measure.run([tool, "--stream", "--noout", file]) } }
                if round == 0 { continue }
                ours.append(b / a)
                if let c, let d { theirs.append(d / c) }
            }
            return Row(
                name: shape.name, megabytes: Double(shape.bytes.count) / 1e6, ours: Measure.median(ours),
                xmllint: theirs.isEmpty ? nil : Measure.median(theirs))
        }
    }

    /// In 16 KiB chunks, as the network delivers them; an allowed shape must parse.
    static func parse(_ bytes: [UInt8]) throws {
        let parser = SOAPMessageParser(onHotel: { _ in })
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 16_384, bytes.count)
            try bytes[offset..<end].withUnsafeBytes { try parser.feed($0) }
            offset = end
        }
        _ = try parser.finish()
    }

    private static func write(_ bytes: [UInt8], name: String, paths: BenchPaths) throws -> String {
        try paths.cached(name) { path in try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    }

    static func section(_ rows: [Row], size: Int) -> BenchmarkReport.Section {
        let worst = rows.max { $0.ours < $1.ours }
        return BenchmarkReport.Section(
            title: "Worst shapes",
            intro: String(
                format:
                    "The worst shape of each kind the parser's limits allow (`SOAPMessageParser.WorstShapes`), padded to about %.1f MB inside a SearchHotelsResponse, beside a plain response of the same size, in 16 KiB chunks.",
                Double(size) / 1e6),
            header: ["shape", "MB", "ours: shape ÷ plain", "xmllint --stream: shape ÷ plain"],
            rows: rows.map { row in
                [row.name, String(format: "%.2f", row.megabytes), BenchFormat.ratio(row.ours), row.xmllint.map(BenchFormat.ratio) ?? "n/a"]
            },
            notes: [
                "Each ratio is the median of per-round ratios: each round parses the plain response and the shape back to back.",
                String(
                    format: "Goal every shape ≤ %.0f × the plain response: **%@** (worst %.2f ×, %@).", goal,
                    rows.allSatisfy { $0.ours <= goal } ? "met" : "missed", worst?.ours ?? .nan, worst?.name ?? "none"),
            ])
    }
}
