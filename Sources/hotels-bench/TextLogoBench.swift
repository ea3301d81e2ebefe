import ChildProcess
import Foundation
import Imaging
import TerminalTable

/// Issue 31's text fallback beside chafa: logos drawn in the browse table's logo cell with
/// each `SymbolSet`, by `SymbolImage` and by `chafa -f symbols` with the same symbols, size
/// and background, both drawn back to pixels (`CellRaster`) and compared with the logo.
/// Today's half-block logo (`HalfBlockImage` of the browse table's thumbnail) is the floor.
enum TextLogoBench {
    /// The browse table's logo cell: four columns of its two-line rows.
    static let columns = BenchTableRows.logoColumns
    static let rows = BenchTableRows.rowHeight
    /// Pixels per cell when drawing back: 12 × 24 puts every set's sub-cell edges on whole
    /// pixels (halves, thirds and quarters of 24), so neither side is charged for rounding.
    static let cellWidth = 12
    static let cellHeight = 24
    /// The terminal background both fitters are told, and that transparent cells show.
    static let background = RGB(0, 0, 0)

    struct Logo {
        var id: String
        /// The PNG as served, on disk for chafa.
        var path: String
        var image: RGBAImage

        var grid: PixelGrid { PixelGrid(width: image.width, height: image.height, rgba: image.pixels) }
    }

    /// The chafa on PATH, and what it can draw.
    struct Chafa {
        var path: String
        /// "1.12.4", from `chafa --version`.
        var version: String
        /// Octants came in chafa 1.16; older ones refuse `--symbols octant`. (Its `--help`
        /// does not list the class, so the version decides.)
        var hasOctants: Bool

        static func find() -> Chafa? {
            guard let path = ChildProcess.find("chafa"),
                let (code, output) = try? ChildProcess.capture([path, "--version"]), code == 0
            else { return nil }
            // "Chafa version 1.12.4"
            let version = output.split(separator: "\n").first?.split(separator: " ").last.map(String.init) ?? "?"
            let parts = version.split(separator: ".").compactMap { Int($0) }
            let hasOctants = parts.count >= 2 && (parts[0], parts[1]) >= (1, 16)
            return Chafa(path: path, version: version, hasOctants: hasOctants)
        }

        func draws(_ symbols: SymbolSet) -> Bool { symbols != .octants || hasOctants }

        /// Full colour, our exact symbol set, the cell size exactly (the logos are square
        /// and a cell is 1:2, so `--stretch` changes no aspect), our background, no
        /// animation, no output compression, and chafa's most thorough search (`-w 9`).
        func arguments(_ symbols: SymbolSet, file: String) -> [String] {
            [
                path, "--format", "symbols", "--symbols", symbols.chafaClasses, "--size", "\(columns)x\(rows)", "--stretch",
                "--colors", "full", "--color-space", "rgb", "--color-extractor", "average", "--dither", "none", "--preprocess", "off",
                "--bg", "000000", "--animate", "off", "--polite", "on", "--optimize", "0", "--work", "9", file,
            ]
        }

        func cells(_ symbols: SymbolSet, file: String) throws -> [Cell] {
            let argv = arguments(symbols, file: file)
            let run = try ChildProcess(argv, stdout: .capture, stderr: .capture)
            let end = run.wait()
            guard end.code == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited \(end.code): \(run.stderr)") }
            return try ChafaCells.parse(run.stdout, columns: columns, rows: rows)
        }
    }

    struct Row {
        var symbols: SymbolSet
        /// Mean squared error per channel, one per logo.
        var ours: [Double]
        /// Nil when chafa is missing or cannot draw this set.
        var chafa: [Double]?
        /// CPU seconds per logo for `SymbolImage` (scaling and fitting).
        var oursCPU: Double
    }

    struct Result {
        var logos: Int
        /// Today's half-block logos, one error per logo.
        var today: [Double]
        var rows: [Row]
        var chafa: Chafa?
    }

    static func run(_ logos: [Logo], chafa: Chafa?) throws -> Result {
        let today = try logos.map { logo in
            let image = halfBlockLogo(logo.image)
            let cells = (0..<Self.rows).flatMap { row in (0..<columns).map { image[row, $0] } }
            return try error(of: cells, logo)
        }
        let measured = try SymbolSet.allCases.map { symbols in
            var cpu = 0.0
            let ours = try logos.map { logo in
                let grid = logo.grid
                let t0 = Measure.threadCPUTime()
                let image = SymbolImage(grid, columns: columns, rows: Self.rows, symbols: symbols, background: background)
                cpu += Measure.threadCPUTime() - t0
                try ChafaCells.checkRoundTrip(image.cells, columns: columns, rows: Self.rows)
                return try error(of: image.cells, logo)
            }
            let theirs = try chafa.flatMap { chafa in
                chafa.draws(symbols) ? try logos.map { try error(of: chafa.cells(symbols, file: $0.path), $0) } : nil
            }
            return Row(symbols: symbols, ours: ours, chafa: theirs, oursCPU: cpu / Double(max(1, logos.count)))
        }
        return Result(logos: logos.count, today: today, rows: measured, chafa: chafa)
    }

    /// What the browse table draws today: the logo's area-averaged thumbnail in the cell's
    /// 4 × 4 half-block pixels, pixels below alpha 128 transparent (`LogoPicture`).
    static func halfBlockLogo(_ image: RGBAImage) -> HalfBlockImage {
        let thumb = image.thumbnail(fittingWidth: columns, height: rows * 2)
        let left = (columns - thumb.width) / 2
        let top = (rows * 2 - thumb.height) / 2
        var pixels = [RGB?](repeating: nil, count: columns * rows * 2)
        for y in 0..<thumb.height {
            for x in 0..<thumb.width where thumb[x, y].alpha >= 128 {
                let p = thumb[x, y]
                pixels[(top + y) * columns + left + x] = RGB(p.red, p.green, p.blue)
            }
        }
        return HalfBlockImage(transparentPixels: pixels, pixelWidth: columns, pixelHeight: rows * 2)
    }

    private static func error(of cells: [Cell], _ logo: Logo) throws -> Double {
        do {
            return try CellRaster.meanSquaredError(
                of: cells, columns: columns, rows: rows, against: logo.grid, cellWidth: cellWidth, cellHeight: cellHeight,
                background: background)
        } catch {
            throw BenchError("\(logo.id): \(error)")
        }
    }
}

extension SymbolSet {
    /// The `--symbols` classes that give chafa exactly this set (chafa's `vhalf` is `▀▄`,
    /// `hhalf` is `▌▐`, its `sextant` class includes `█▌▐`).
    var chafaClasses: String {
        switch self {
        case .halfBlocks: "space+solid+vhalf"
        case .quadrants: "space+solid+half+quad"
        case .sextants: "space+solid+hhalf+sextant"
        case .octants: "space+solid+half+quad+octant"
        }
    }

    var label: String {
        switch self {
        case .halfBlocks: "half blocks (▀▄█)"
        case .quadrants: "quadrants (▖▞▟…)"
        case .sextants: "sextants (🬀🬋🬻…)"
        case .octants: "octants (U+1CD00…)"
        }
    }
}
