// The parts of a table frame: header, body rows, status line.
extension TableView {
    func drawHeader(into buffer: inout CellBuffer, widths: [Int]) {
        let cells = columns.map { TableCellContent.styledText($0.title, .plain) }
        drawLine(
            cells, into: &buffer, row: 0, lineInRow: 0, rowHeight: 1, widths: widths, base: theme.header, separatorStyle: theme.header,
            isWholeRow: true)
    }

    func drawBody(into buffer: inout CellBuffer, lines: Range<Int>, widths: [Int], state: TableViewState, dataSource: some TableDataSource)
    {
        guard !lines.isEmpty else { return }
        guard let rowCount = dataSource.rowCount else {
            // Row count unknown: one placeholder row says "loading".
            let placeholder = columns.map { _ in TableCellContent.placeholder(loadingText) }
            drawRow(
                placeholder, into: &buffer, top: lines.lowerBound, lines: lines, widths: widths, rowHeight: state.rowHeight, selected: false
            )
            return
        }
        if rowCount == 0 {
            buffer.write(sanitizer.sanitize(emptyText), row: lines.lowerBound, column: 0, style: theme.placeholder)
            return
        }
        var top = lines.lowerBound
        var index = state.topRow
        while top < lines.upperBound, index < rowCount {
            let cells = dataSource.row(at: index)?.cells ?? columns.map { _ in .placeholder(loadingText) }
            drawRow(
                cells, into: &buffer, top: top, lines: lines, widths: widths, rowHeight: state.rowHeight,
                selected: index == state.selectedIndex)
            top += state.rowHeight
            index += 1
        }
    }

    func drawStatus(_ status: StatusLine, into buffer: inout CellBuffer, row: Int) {
        status.draw(into: &buffer, row: row, theme: theme, sanitizer: sanitizer)
    }

    /// Draws one data row over `rowHeight` lines, clipped to `lines`.
    private func drawRow(
        _ cells: [TableCellContent], into buffer: inout CellBuffer, top: Int, lines: Range<Int>, widths: [Int], rowHeight: Int,
        selected: Bool
    ) {
        let base = selected ? theme.selected : .plain
        let separatorStyle = selected ? theme.separator.merged(with: theme.selected) : theme.separator
        let isWholeRow = lines.contains(top) && lines.contains(top + rowHeight - 1)
        for lineInRow in 0..<rowHeight where lines.contains(top + lineInRow) {
            drawLine(
                cells, into: &buffer, row: top + lineInRow, lineInRow: lineInRow, rowHeight: rowHeight, widths: widths, base: base,
                separatorStyle: separatorStyle, isWholeRow: isWholeRow)
        }
    }

    /// Draws one screen line of a row: every column's slice for that line, with the
    /// separators between them. Widths are exact, so borders land at the same column
    /// on every line. A terminal-drawn picture is drawn only in a row shown whole and a
    /// column it fits: the terminal cannot be trusted to clip one, and a picture cut at the
    /// screen's edge would spill over the status line.
    private func drawLine(
        _ cells: [TableCellContent], into buffer: inout CellBuffer, row: Int, lineInRow: Int, rowHeight: Int, widths: [Int], base: Style,
        separatorStyle: Style, isWholeRow: Bool
    ) {
        buffer.fill(row: row, column: 0, width: buffer.width, height: 1, with: .blank(base))
        let textLine = verticalPlacement == .center ? (rowHeight - 1) / 2 : 0
        var x = 0
        var isFirst = true
        for (index, width) in widths.enumerated() where width > 0 {
            if !isFirst {
                x += buffer.write(columnSeparator, row: row, column: x, style: separatorStyle, maxWidth: buffer.width - x)
            }
            isFirst = false
            let content = index < cells.count ? cells[index] : .text("")
            switch content {
            case .image, .kittyImage, .symbolImage, .picture:
                guard let picture = content.pictureCells,
                    !picture.drawnWhole || (isWholeRow && picture.columns <= width && picture.rows <= rowHeight)
                else { break }
                drawImageLine(
                    rows: picture.rows, columns: picture.columns, into: &buffer, row: row, lineInRow: lineInRow, rowHeight: rowHeight, x: x,
                    width: width, cell: picture.cell)
            case .text(let text):
                if lineInRow == textLine {
                    drawText(text, style: base, into: &buffer, row: row, x: x, width: width, alignment: columns[index].alignment)
                }
            case .styledText(let text, let style):
                if lineInRow == textLine {
                    drawText(
                        text, style: style.merged(with: base), into: &buffer, row: row, x: x, width: width,
                        alignment: columns[index].alignment)
                }
            case .placeholder(let text):
                if lineInRow == textLine {
                    drawText(
                        text, style: theme.placeholder.merged(with: base), into: &buffer, row: row, x: x, width: width,
                        alignment: columns[index].alignment)
                }
            }
            x += width
        }
    }

    /// Draws the slice of a picture that falls on one line of its row, clipped to the
    /// column. Cells are set as they are, without the row's style: half blocks carry their
    /// own colours, and kitty placeholders must keep exactly the id colour.
    private func drawImageLine(
        rows: Int, columns: Int, into buffer: inout CellBuffer, row: Int, lineInRow: Int, rowHeight: Int, x: Int, width: Int,
        cell: (Int, Int) -> Cell
    ) {
        let imageRow = lineInRow - imageTop(imageRows: rows, rowHeight: rowHeight)
        guard imageRow >= 0, imageRow < rows else { return }
        for column in 0..<max(0, min(width, columns)) {
            buffer.set(cell(imageRow, column), row: row, column: x + column)
        }
    }

    /// The line within a row where a picture of `imageRows` lines starts.
    func imageTop(imageRows: Int, rowHeight: Int) -> Int {
        verticalPlacement == .center ? max(0, (rowHeight - imageRows) / 2) : 0
    }

    private func drawText(
        _ text: String, style: Style, into buffer: inout CellBuffer, row: Int, x: Int, width: Int, alignment: TextAlignment
    ) {
        let fitted = DisplayWidth.fit(sanitizer.sanitize(text), toWidth: width, alignment: alignment)
        buffer.write(fitted, row: row, column: x, style: style, maxWidth: width)
    }
}
