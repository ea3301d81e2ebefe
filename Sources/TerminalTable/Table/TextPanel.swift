/// A framed box drawn over the table, for a help screen or a detail view.
///
/// ```swift
/// let help = TextPanel(title: "Help", text: "↑/↓  move\nq    quit", footer: "Esc closes")
/// let frame = table.render(state: state, dataSource: source, status: status, overlay: help, size: size)
/// ```
public struct TextPanel: Sendable, Equatable {
    public var title: String
    public var lines: [String]
    /// Shown in the bottom border, e.g. how to close the panel.
    public var footer: String
    /// Index of the first line shown, for scrolling long content.
    public var firstLine: Int

    public init(title: String, lines: [String], footer: String = "", firstLine: Int = 0) {
        self.title = title
        self.lines = lines
        self.footer = footer
        self.firstLine = firstLine
    }

    /// A panel whose lines are `text` split at line breaks.
    public init(title: String, text: String, footer: String = "") {
        self.init(title: title, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), footer: footer)
    }

    /// How many content lines fit when drawn on a screen of `size`, so a client can
    /// clamp `firstLine` when scrolling.
    public func visibleLineCount(in size: TerminalSize) -> Int {
        frame(screenWidth: size.width, screenHeight: size.height).height - 2
    }

    /// Draws the panel centred in `buffer`, clipped to leave a one-cell margin.
    public func draw(into buffer: inout CellBuffer, theme: TableTheme = .standard, sanitizer: Sanitizer = .standard) {
        let box = frame(screenWidth: buffer.width, screenHeight: buffer.height)
        guard box.width >= 2, box.height >= 2 else { return }
        let innerWidth = box.width - 2
        buffer.fill(row: box.row, column: box.column, width: box.width, height: box.height, with: .blank(theme.panel))

        let horizontal = String(repeating: "─", count: innerWidth)
        buffer.write("┌" + horizontal + "┐", row: box.row, column: box.column, style: theme.panelBorder)
        buffer.write("└" + horizontal + "┘", row: box.row + box.height - 1, column: box.column, style: theme.panelBorder)
        for row in (box.row + 1)..<(box.row + box.height - 1) {
            buffer.write("│", row: row, column: box.column, style: theme.panelBorder)
            buffer.write("│", row: row, column: box.column + box.width - 1, style: theme.panelBorder)
        }
        if innerWidth > 2, !title.isEmpty {
            let label = DisplayWidth.truncate(" " + sanitizer.sanitize(title) + " ", toWidth: innerWidth - 1)
            buffer.write(label, row: box.row, column: box.column + 2, style: theme.panelBorder, maxWidth: innerWidth - 1)
        }
        if innerWidth > 2, !footer.isEmpty {
            let label = DisplayWidth.truncate(" " + sanitizer.sanitize(footer) + " ", toWidth: innerWidth - 1)
            let labelWidth = DisplayWidth.of(label)
            buffer.write(
                label, row: box.row + box.height - 1, column: box.column + box.width - 1 - labelWidth - 1, style: theme.panelBorder)
        }

        // One space of padding on each side of the text.
        let textWidth = max(0, innerWidth - 2)
        let start = min(max(0, firstLine), max(0, lines.count - 1))
        for (offset, line) in lines.dropFirst(start).prefix(box.height - 2).enumerated() {
            let fitted = DisplayWidth.truncate(sanitizer.sanitize(line), toWidth: textWidth)
            buffer.write(fitted, row: box.row + 1 + offset, column: box.column + 2, style: theme.panel, maxWidth: textWidth)
        }
    }

    /// Position and size of the box: as large as the content needs, at most the screen
    /// minus a one-cell margin, centred.
    private func frame(screenWidth: Int, screenHeight: Int) -> (row: Int, column: Int, width: Int, height: Int) {
        let contentWidth = max(
            DisplayWidth.of(title) + 4,
            DisplayWidth.of(footer) + 4,
            lines.map { DisplayWidth.of(Sanitizer.standard.sanitize($0)) }.max() ?? 0
        )
        let width = max(0, min(contentWidth + 4, screenWidth - 2))
        let height = max(0, min(lines.count + 2, screenHeight - 2))
        return ((screenHeight - height) / 2, (screenWidth - width) / 2, width, height)
    }
}
