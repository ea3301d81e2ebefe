import TerminalTable

/// A plain aligned text table for `--format table`: columns sized by display width (CJK
/// counts 2), every cell sanitized so server text cannot carry escape sequences.
enum TextTable {
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int>, maxColumnWidth: Int = 40) -> String {
        let clean = rows.map(sanitized)
        let widths = widths(header: header, rows: clean, maxColumnWidth: maxColumnWidth)
        var out = line(header, widths: widths, rightAligned: rightAligned)
        out += rule(widths: widths)
        for row in clean { out += line(row, widths: widths, rightAligned: rightAligned) }
        return out
    }

    static func sanitized(_ row: [String]) -> [String] { row.map(Sanitizer.standard.sanitize) }

    /// Each column as wide as its widest cell, at most `maxColumnWidth`.
    static func widths(header: [String], rows: [[String]], maxColumnWidth: Int = 40) -> [Int] {
        var widths = header.map { DisplayWidth.of($0) }
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = min(maxColumnWidth, max(widths[i], DisplayWidth.of(cell))) }
        }
        return widths
    }

    /// Narrows `widths` (and the two-space gaps between them) to at most `total` cells,
    /// taking from the columns in `shrinkable` in order, each down to its minimum; the
    /// cells then lose their ends to `…`. A table that cannot fit even so stays wider.
    ///
    /// ```swift
    /// TextTable.fit([8, 40, 12], into: 50, shrinkable: [(1, 10), (2, 6)])   // [8, 28, 12]
    /// ```
    static func fit(_ widths: [Int], into total: Int, shrinkable: [(column: Int, minimum: Int)]) -> [Int] {
        var widths = widths
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - total
        for (column, minimum) in shrinkable where excess > 0 && column < widths.count {
            let taken = min(excess, max(0, widths[column] - minimum))
            widths[column] -= taken
            excess -= taken
        }
        return widths
    }

    static func rule(widths: [Int]) -> String {
        line(widths.map { String(repeating: "─", count: $0) }, widths: widths, rightAligned: [])
    }

    /// One row, cells fitted to `widths` (longer ones cut with `…`), two spaces apart.
    static func line(_ cells: [String], widths: [Int], rightAligned: Set<Int>) -> String {
        var text = ""
        text.reserveCapacity(widths.reduce(2 * widths.count, +) * 3)
        for (i, cell) in cells.enumerated() {
            if i > 0 { text += "  " }
            DisplayWidth.appendFitted(cell, toWidth: widths[i], alignment: rightAligned.contains(i) ? .right : .left, to: &text)
        }
        // No trailing padding: it only makes copy-paste and diffs worse.
        // By scalars: trailing spaces are single scalars, and character-wise trimming broke
        // the whole line into graphemes.
        var trailing = 0
        for byte in text.utf8.reversed() {
            guard byte == UInt8(ascii: " ") else { break }
            trailing += 1
        }
        text.unicodeScalars.removeLast(trailing)
        text.append("\n")
        return text
    }
}
