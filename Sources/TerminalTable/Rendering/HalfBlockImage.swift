/// A small picture drawn with `▀` characters: each cell shows two pixels, the top one
/// as foreground and the bottom one as background, so a w × 2h pixel grid becomes
/// w × h cells.
///
/// ```swift
/// let pixels = [RGB](repeating: RGB(255, 0, 0), count: 4 * 4)
/// let logo = HalfBlockImage(pixels: pixels, pixelWidth: 4, pixelHeight: 4) // 4 × 2 cells
/// ```
public struct HalfBlockImage: Sendable, Equatable {
    /// Width in cells (= pixels).
    public let columns: Int
    /// Height in cells (= half the pixel rows, rounded up).
    public let rows: Int
    private let cells: [Cell]

    /// Builds the cells from row-major pixels. An odd last pixel row leaves the bottom
    /// half of the last cell row in the terminal's default background.
    public init(pixels: [RGB], pixelWidth: Int, pixelHeight: Int) {
        self.init(transparentPixels: pixels.map { Optional($0) }, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// Like `init(pixels:…)`, but `nil` pixels are transparent: they show the terminal's
    /// background, so a logo with a transparent margin has no box around it.
    ///
    /// ```swift
    /// let dot = HalfBlockImage(transparentPixels: [nil, RGB(255, 0, 0)], pixelWidth: 1, pixelHeight: 2) // "▄" in red
    /// ```
    public init(transparentPixels pixels: [RGB?], pixelWidth: Int, pixelHeight: Int) {
        precondition(pixels.count >= pixelWidth * pixelHeight, "pixel grid smaller than pixelWidth × pixelHeight")
        columns = max(0, pixelWidth)
        rows = (max(0, pixelHeight) + 1) / 2
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let top = pixels[(row * 2) * pixelWidth + column]
                let bottomRow = row * 2 + 1
                let bottom = bottomRow < pixelHeight ? pixels[bottomRow * pixelWidth + column] : nil
                switch (top, bottom) {
                case (nil, nil): cells.append(.blank)
                // Only the lower half is painted: draw it as the foreground of "▄".
                case (nil, let bottom?): cells.append(Cell(text: "▄", width: 1, style: Style(foreground: bottom)))
                case (let top?, let bottom): cells.append(Cell(text: "▀", width: 1, style: Style(foreground: top, background: bottom)))
                }
            }
        }
        self.cells = cells
    }

    /// Scales pixels with nearest-neighbour sampling so the picture fills exactly
    /// `columns` × `rows` cells (e.g. the size of a table column).
    ///
    /// ```swift
    /// let icon = HalfBlockImage(scaling: pixels, pixelWidth: 64, pixelHeight: 64, toColumns: 6, rows: 3)
    /// ```
    public init(scaling pixels: [RGB], pixelWidth: Int, pixelHeight: Int, toColumns columns: Int, rows: Int) {
        let targetWidth = max(0, columns)
        let targetHeight = max(0, rows) * 2
        var scaled: [RGB] = []
        scaled.reserveCapacity(targetWidth * targetHeight)
        for y in 0..<targetHeight {
            let sourceY = pixelHeight > 0 ? y * pixelHeight / targetHeight : 0
            for x in 0..<targetWidth {
                let sourceX = pixelWidth > 0 ? x * pixelWidth / targetWidth : 0
                scaled.append(pixels.isEmpty ? RGB(0, 0, 0) : pixels[sourceY * pixelWidth + sourceX])
            }
        }
        self.init(pixels: scaled, pixelWidth: targetWidth, pixelHeight: targetHeight)
    }

    /// The cell at a position; out-of-range positions read as blank.
    public subscript(row: Int, column: Int) -> Cell {
        guard row >= 0, row < rows, column >= 0, column < columns else { return .blank }
        return cells[row * columns + column]
    }
}
