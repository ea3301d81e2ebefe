/// A picture drawn with block characters, as chafa's symbol mode draws one: every cell
/// is one character of a `SymbolSet` with a foreground and a background colour, chosen
/// together so the cell looks as close as it can to the picture under it.
///
/// ```swift
/// let grid = PixelGrid(width: image.width, height: image.height, rgba: image.pixels)
/// let logo = SymbolImage(grid, columns: 4, rows: 2, symbols: .sextants)
/// buffer.draw(logo, row: 3, column: 0)
/// ```
///
/// **Fitting.** The picture is scaled to the set's sub-cells by area averaging (every
/// source pixel counts, in proportion to how much of it a sub-cell covers). Then, for each
/// cell, every mask of the set is tried with its best two colours, the mean of the
/// sub-cells it paints in the foreground and the mean of the rest, and the mask with the
/// least squared error wins. That is the exact least-squares choice for the picture at any
/// finer resolution too: a cell's error over its real pixels is the spread of the pixels
/// inside each sub-cell, the same whatever the character, plus the error of the sub-cell
/// means, which is what is minimised here. Sampling the cell on a finer grid would only
/// add the constant, and approximate the means. (Colours are sRGB values, as terminals
/// take them; the error is not perceptual, and neither is chafa's default.)
///
/// **Transparency.** Partly transparent pixels are composited over `background`, the
/// colour the terminal's background is taken to be. Where the part of a cell that one
/// colour would paint is mostly transparent (mean alpha below `transparencyThreshold`),
/// that colour is the terminal's own background instead (a `nil` colour, drawn as
/// `background` while scoring), so a logo's transparent margin shows no box whatever the
/// terminal's real background is. A cell transparent throughout is `Cell.blank`, as in
/// `HalfBlockImage`. The terminal's background can only be a cell's background colour,
/// so a character whose painted part would be transparent is swapped for its complement.
public struct SymbolImage: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public let symbols: SymbolSet
    /// The cells, row by row: `columns × rows` of them.
    public let cells: [Cell]

    /// Fits `image`, stretched to fill exactly `columns` × `rows` cells (to keep its
    /// aspect ratio, pass a grid whose width : height is that of the cells, e.g. padded with
    /// transparent pixels; a cell is usually twice as tall as wide).
    ///
    /// - Parameters:
    ///   - background: what partly transparent pixels are composited over, and what the
    ///     terminal's background is assumed to look like when a cell shows it.
    ///   - transparencyThreshold: below this mean alpha (0...1), a cell's part shows the
    ///     terminal's background. 0.5 is chafa's default, and matches the browse table's
    ///     half-block logos, whose pixels below alpha 128 are transparent.
    ///
    /// ```swift
    /// let red = PixelGrid(width: 1, height: 1, pixels: [RGB(255, 0, 0)])
    /// let bar = SymbolImage(red, columns: 3, rows: 1, symbols: .quadrants)  // three red cells
    /// ```
    public init(
        _ image: PixelGrid, columns: Int, rows: Int, symbols: SymbolSet, background: RGB = RGB(0, 0, 0),
        transparencyThreshold: Double = 0.5
    ) {
        let columns = max(0, columns)
        let rows = max(0, rows)
        self.columns = columns
        self.rows = rows
        self.symbols = symbols
        let across = symbols.subColumns
        let down = symbols.subRows
        let samples = image.boxAveraged(toWidth: columns * across, height: rows * down)
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        var cell = [CoveredColor](repeating: .clear, count: across * down)
        for row in 0..<rows {
            for column in 0..<columns {
                for y in 0..<down {
                    for x in 0..<across {
                        cell[y * across + x] = samples[(row * down + y) * columns * across + column * across + x]
                    }
                }
                cells.append(Self.fit(cell, symbols: symbols, background: background, threshold: transparencyThreshold))
            }
        }
        self.cells = cells
    }

    /// The cell at a position; out-of-range positions read as blank.
    public subscript(row: Int, column: Int) -> Cell {
        guard row >= 0, row < rows, column >= 0, column < columns else { return .blank }
        return cells[row * columns + column]
    }
}
