// Convenience drawing on top of `set(_:row:column:)`.
extension CellBuffer {
    /// Writes `text` starting at a position, clipped to `maxWidth` cells and to the
    /// buffer edge, split into cells as a terminal splits it (`DisplayWidth.forEachCell`).
    /// Returns the number of cells written.
    ///
    /// The text is not sanitized here; callers that show untrusted text pass it
    /// through `Sanitizer` first (as `TableView` does).
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        let limit = min(width, column + (maxWidth ?? width))
        var x = column
        var full = false
        DisplayWidth.forEachCell(in: text) { cellText, cellWidth in
            guard !full else { return }
            if x + cellWidth > limit {
                // A wide character straddling the limit becomes a space, never a half.
                if x < limit {
                    set(.blank(style), row: row, column: x)
                    x += 1
                }
                full = true
                return
            }
            set(Cell(text: String(cellText), width: cellWidth, style: style), row: row, column: x)
            x += cellWidth
        }
        return max(0, x - column)
    }

    /// Paints a rectangle with `cell` (usually a styled blank).
    public mutating func fill(row: Int, column: Int, width: Int, height: Int, with cell: Cell = .blank) {
        for y in row..<(row + max(0, height)) {
            for x in column..<(column + max(0, width)) {
                set(cell, row: y, column: x)
            }
        }
    }

    /// Paints a rectangle with half-block image cells, clipped to `maxWidth` × `maxHeight`.
    public mutating func draw(_ image: HalfBlockImage, row: Int, column: Int, maxWidth: Int? = nil, maxHeight: Int? = nil) {
        let columns = min(image.columns, maxWidth ?? image.columns)
        let rows = min(image.rows, maxHeight ?? image.rows)
        for y in 0..<max(0, rows) {
            for x in 0..<max(0, columns) {
                set(image[y, x], row: row + y, column: column + x)
            }
        }
    }

    /// Paints a rectangle with a block-character picture's cells, clipped to `maxWidth` ×
    /// `maxHeight`; its transparent cells are blank, so they show the terminal's background.
    ///
    /// ```swift
    /// buffer.draw(SymbolImage(grid, columns: 4, rows: 2, symbols: .quadrants), row: 1, column: 0)
    /// ```
    public mutating func draw(_ image: SymbolImage, row: Int, column: Int, maxWidth: Int? = nil, maxHeight: Int? = nil) {
        let columns = min(image.columns, maxWidth ?? image.columns)
        let rows = min(image.rows, maxHeight ?? image.rows)
        for y in 0..<max(0, rows) {
            for x in 0..<max(0, columns) {
                set(image[y, x], row: row + y, column: column + x)
            }
        }
    }

    /// Marks the cells a terminal-drawn picture covers, when it fits whole within the
    /// buffer and `maxWidth` × `maxHeight`; otherwise draws nothing, as a terminal would not
    /// clip it. Returns whether it was placed.
    ///
    /// ```swift
    /// buffer.draw(TerminalPicture(id: 9, columns: 16, rows: 8), row: 2, column: 1, maxHeight: size.height - 3)
    /// ```
    @discardableResult
    public mutating func draw(_ picture: TerminalPicture, row: Int, column: Int, maxWidth: Int? = nil, maxHeight: Int? = nil) -> Bool {
        guard picture.columns > 0, picture.rows > 0, picture.columns <= (maxWidth ?? picture.columns),
            picture.rows <= (maxHeight ?? picture.rows), contains(row: row, column: column),
            contains(row: row + picture.rows - 1, column: column + picture.columns - 1)
        else { return false }
        for y in 0..<picture.rows {
            for x in 0..<picture.columns {
                set(picture[y, x], row: row + y, column: column + x)
            }
        }
        return true
    }

    /// The visible text of one row, continuation cells skipped.
    public func text(ofRow row: Int) -> String {
        guard row >= 0 && row < height else { return "" }
        var line = ""
        for column in 0..<width where !self[row, column].isContinuation {
            line += self[row, column].text
        }
        return line
    }
}
