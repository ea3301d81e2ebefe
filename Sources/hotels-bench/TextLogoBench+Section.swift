import Foundation
import TerminalTable

extension TextLogoBench {
    /// The demo's first `count` logos, fetched and measured: the report's section.
    static func section(count: Int, paths: BenchPaths) async throws -> BenchmarkReport.Section {
        let logos = try await DemoLogos.fetch(count: count, paths: paths)
        return try run(logos, chafa: Chafa.find()).section
    }
}

extension TextLogoBench.Result {
    var section: BenchmarkReport.Section {
        let size = "\(TextLogoBench.columns)×\(TextLogoBench.rows)"
        let pixels = "\(TextLogoBench.columns * TextLogoBench.cellWidth)×\(TextLogoBench.rows * TextLogoBench.cellHeight)"
        var section = BenchmarkReport.Section(
            title: "Text logos vs chafa",
            intro:
                "The demo catalog's first \(logos) logos (`hotels seed --seed \(DemoLogos.seed)`, the seed of `hotels demo`, served by `hotels serve` "
                + "and fetched as the browse table fetches them: 64×64 PNGs with transparent corners) drawn in the table's \(size)-cell logo column "
                + "with each symbol set, by `SymbolImage` and by chafa's symbol mode told the same symbols, size and black background. "
                + "Both are drawn back to pixels (\(TextLogoBench.cellWidth)×\(TextLogoBench.cellHeight)-pixel cells, each sub-cell filled with its colour, "
                + "a transparent part black) and compared with the PNG area-averaged to the same \(pixels) pixels over black: "
                + "mean squared error per RGB channel (0–65,025; lower is better), averaged over the logos. "
                + "Squared error is what both fit (chafa's default `rgb` colour space); at this size the letters are a few pixels, "
                + "so most of the error is detail no 4×2-cell drawing can show, and it is the same for both.",
            header: ["drawing", "ours", "chafa", "ours ÷ chafa", "logos where ours ≤ chafa", "ours, CPU per logo"])
        section.rows.append(["today: `HalfBlockImage` of the browse table's thumbnail", Self.error(today), "", "", "", ""])
        for row in rows {
            let ours = Self.mean(row.ours)
            guard let theirs = row.chafa else {
                section.rows.append([row.symbols.label, Self.error(row.ours), "–", "", "", BenchFormat.seconds(row.oursCPU)])
                continue
            }
            let wins = zip(row.ours, theirs).filter { $0 <= $1 }.count
            section.rows.append([
                row.symbols.label, Self.error(row.ours), Self.error(theirs), BenchFormat.ratio(ours / Self.mean(theirs)),
                "\(wins) of \(row.ours.count)", BenchFormat.seconds(row.oursCPU),
            ])
        }
        guard let chafa else {
            section.notes.append("chafa is not installed (Debian package `chafa`; `scripts/setup-test-deps` installs it): ours alone.")
            return section
        }
        let sample = chafa.arguments(.quadrants, file: "LOGO.png").dropFirst().joined(separator: " ")
        section.notes.append(
            "chafa \(chafa.version): `chafa \(sample)`, with `--symbols` "
                + rows.map { "`\($0.symbols.chafaClasses)` for \($0.symbols.label)" }.joined(separator: ", ") + ".")
        if !chafa.hasOctants {
            section.notes.append("chafa \(chafa.version) has no octants (chafa 1.16 added them): that row is ours alone.")
        }
        let compared = rows.filter { $0.chafa != nil }
        let behind = compared.filter { Self.mean($0.ours) > Self.mean($0.chafa!) }
        section.notes.append(
            behind.isEmpty
                ? "Goal (issue 31 point 4), ours no worse than chafa's: met with every set chafa draws (\(compared.count) of \(compared.count))."
                : "Goal (issue 31 point 4), ours no worse than chafa's: NOT met with "
                    + behind.map { "\($0.symbols.label) (\(Self.error($0.ours)) against \(Self.error($0.chafa!)))" }.joined(separator: ", ")
                    + ".")
        return section
    }

    private static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    private static func error(_ values: [Double]) -> String { String(format: "%.1f", mean(values)) }
}
