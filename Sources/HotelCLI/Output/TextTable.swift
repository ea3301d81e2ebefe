import TerminalTable

/// A plain aligned text table for `--format table`: columns sized by display width (CJK
/// counts 2), every cell sanitized so server text cannot carry escape sequences.
enum TextTable {
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int>, maxColumnWidth: Int = 40) -> String {
        let clean = rows.map { $0.map(Sanitizer.standard.sanitize) }
        var widths = header.map(DisplayWidth.of)
        for row in clean {
            for (i, cell) in row.enumerated() { widths[i] = min(maxColumnWidth, max(widths[i], DisplayWidth.of(cell))) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                parts.append(DisplayWidth.fit(cell, toWidth: widths[i], alignment: rightAligned.contains(i) ? .right : .left))
            }
            // No trailing padding: it only makes copy-paste and diffs worse.
            var text = parts.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        var out = line(header)
        out += line(widths.map { String(repeating: "─", count: $0) })
        for row in clean { out += line(row) }
        return out
    }
}
