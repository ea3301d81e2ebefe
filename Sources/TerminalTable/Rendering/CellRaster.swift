/// Block-character cells drawn back into pixels, the way a terminal draws them, and how far
/// that is from the picture they stand for: a quality measure for `SymbolImage`,
/// `HalfBlockImage`, or another program's output parsed into cells.
///
/// Block characters are geometric, so the drawing is exact: each sub-cell rectangle of
/// the character (see `SymbolSet`) is filled with the cell's foreground colour where its
/// mask bit is set and with its background colour elsewhere. Sub-cell edges fall on whole
/// pixels when the cell's pixel size divides by the set's sub-cell grid; 12 × 24 does for
/// every set, and is the default.
///
/// ```swift
/// let logo = SymbolImage(grid, columns: 4, rows: 2, symbols: .octants)
/// let error = try CellRaster.meanSquaredError(of: logo.cells, columns: 4, rows: 2, against: grid)
/// ```
public enum CellRaster {
    /// A cell whose text is no block character of any `SymbolSet`: its shape is unknown.
    public struct UnknownSymbol: Error, Equatable, CustomStringConvertible {
        public let text: String
        public let row: Int
        public let column: Int

        public var description: String {
            "cell \(row), \(column) holds \(text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }), "
                + "not a block character"
        }
    }

    /// The cells drawn as `columns × cellWidth` by `rows × cellHeight` pixels, row by row.
    ///
    /// - Parameters:
    ///   - foreground: the terminal's default foreground, for cells without a foreground
    ///     colour.
    ///   - background: the terminal's default background, for cells without a background
    ///     colour (blank cells, a transparent logo margin).
    ///
    /// Reverse video (`Style.reverse`) swaps the two colours, as terminals do.
    public static func pixels(
        of cells: [Cell], columns: Int, rows: Int, cellWidth: Int = 12, cellHeight: Int = 24, foreground: RGB = RGB(255, 255, 255),
        background: RGB = RGB(0, 0, 0)
    ) throws(UnknownSymbol) -> [RGB] {
        precondition(cells.count >= columns * rows, "fewer cells than columns × rows")
        let width = max(0, columns) * max(0, cellWidth)
        var out = [RGB](repeating: background, count: width * max(0, rows) * max(0, cellHeight))
        for row in 0..<max(0, rows) {
            for column in 0..<max(0, columns) {
                let cell = cells[row * columns + column]
                guard let (symbols, mask) = SymbolSet.shape(of: cell.text) else {
                    throw UnknownSymbol(text: cell.text, row: row, column: column)
                }
                var painted = cell.style.foreground ?? foreground
                var rest = cell.style.background ?? background
                if cell.style.reverse { swap(&painted, &rest) }
                for y in 0..<cellHeight {
                    let subRow = y * symbols.subRows / cellHeight
                    for x in 0..<cellWidth {
                        let bit = subRow * symbols.subColumns + x * symbols.subColumns / cellWidth
                        out[(row * cellHeight + y) * width + column * cellWidth + x] = mask & (1 << bit) != 0 ? painted : rest
                    }
                }
            }
        }
        return out
    }

    /// The mean squared error per colour channel (0...65,025, in sRGB units) between the
    /// cells drawn back (`pixels(of:…)`) and `image` scaled by area averaging to the same
    /// pixels and composited over `background`.
    ///
    /// Squared error, because it is what `SymbolImage` minimises and what chafa minimises
    /// by default (its `rgb` colour space), so it judges how well each does the job both set
    /// out to do; it also punishes a wrong colour over a whole sub-cell more than a little
    /// noise everywhere, which is how a wrong block looks.
    ///
    /// ```swift
    /// let ours = try CellRaster.meanSquaredError(of: logo.cells, columns: 4, rows: 2, against: grid)
    /// ```
    public static func meanSquaredError(
        of cells: [Cell], columns: Int, rows: Int, against image: PixelGrid, cellWidth: Int = 12, cellHeight: Int = 24,
        foreground: RGB = RGB(255, 255, 255), background: RGB = RGB(0, 0, 0)
    ) throws(UnknownSymbol) -> Double {
        let drawn = try pixels(
            of: cells, columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight, foreground: foreground,
            background: background)
        let reference = image.boxAveraged(toWidth: max(0, columns) * max(0, cellWidth), height: max(0, rows) * max(0, cellHeight))
        guard !drawn.isEmpty else { return 0 }
        var sum = 0.0
        for (pixel, area) in zip(drawn, reference) {
            let target = area.composited(over: background)
            let red = Double(pixel.red) - target.red
            let green = Double(pixel.green) - target.green
            let blue = Double(pixel.blue) - target.blue
            sum += red * red + green * green + blue * blue
        }
        return sum / Double(drawn.count * 3)
    }
}
