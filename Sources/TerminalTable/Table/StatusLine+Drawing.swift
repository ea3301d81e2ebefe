extension StatusLine {
    /// Draws the line across `row` of `buffer`. The right side (usually key hints) wins;
    /// the left side gets what is left, with one cell of space between the two.
    ///
    /// ```swift
    /// StatusLine(left: "3 rows", right: "q quit").draw(into: &frame, row: frame.height - 1)
    /// ```
    public func draw(into buffer: inout CellBuffer, row: Int, theme: TableTheme = .standard, sanitizer: Sanitizer = .standard) {
        let width = buffer.width
        buffer.fill(row: row, column: 0, width: width, height: 1, with: .blank(theme.status))
        let right = DisplayWidth.truncate(sanitizer.sanitize(self.right), toWidth: width)
        let rightWidth = DisplayWidth.of(right)
        let leftWidth = max(0, width - rightWidth - 1)
        let left = DisplayWidth.truncate(sanitizer.sanitize(self.left), toWidth: leftWidth)
        buffer.write(left, row: row, column: 0, style: theme.status)
        buffer.write(right, row: row, column: width - rightWidth, style: theme.status)
        if let cursorColumn, cursorColumn >= 0, cursorColumn < max(leftWidth, 1), buffer.contains(row: row, column: cursorColumn) {
            var cell = buffer[row, cursorColumn]
            cell.style.reverse.toggle()
            buffer.set(cell, row: row, column: cursorColumn)  // a wide character's right half follows
        }
    }
}
