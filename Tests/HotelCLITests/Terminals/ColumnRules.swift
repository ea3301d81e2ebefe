/// The table's vertical column rules in a screenshot, found from the pixels alone, and the
/// lines where one is missing.
///
/// A pixel column is lit on a line when at least half of the line's pixel rows there
/// differ from the line's background (its most common colour right of the logos, so a
/// selected line's highlight counts as background too). Box drawing's │ is lit on every
/// line, though terminals draw it differently: kitty over the whole cell, mlterm as the
/// font's glyph (about three quarters of a 19-pixel line, a gap between lines), xterm on a
/// selected line as a dark line between grey cells. A letter's stem is lit too, but not
/// at the same x on most lines. So a rule is a pixel column lit on at least 90 % of the
/// table's lines (a run of such columns counts once, at its left), and the check is that
/// every line has each rule lit: a rule drawn a cell off on some line (a width
/// miscounted, a stale line) leaves that line dark at the rule's x.
///
/// The logo columns are left out (a picture may hold any vertical stripe), and so is any
/// slack right of the last cell (kitty's window can be a pixel wider than its cells).
struct ColumnRules: CustomStringConvertible {
    /// The first pixel column of each rule, left to right.
    let positions: [Int]
    /// Per table line, the rules (`positions`) not lit there.
    let missing: [[Int]]

    var description: String { positions.map(String.init).joined(separator: ",") }

    init(_ shot: Screenshot, _ table: TableScreen) {
        let left = TableScreen.logoColumns * table.cellWidth
        let right = min(shot.width, TerminalKind.columns * table.cellWidth)
        let lit = table.tableLines.map { Self.litColumns(shot, band: table.band(line: $0), left: left, right: right) }
        var positions: [Int] = []
        var previous = false
        for x in left..<right {
            let rule = lit.count { $0[x] } * 10 >= lit.count * 9
            if rule && !previous { positions.append(x) }
            previous = rule
        }
        self.positions = positions
        missing = lit.map { line in positions.filter { !line[$0] } }
    }

    /// Which pixel columns of one line's band are lit (indexed by x; false left of `left`).
    static func litColumns(_ shot: Screenshot, band: Range<Int>, left: Int, right: Int) -> [Bool] {
        var counts: [Screenshot.RGB: Int] = [:]
        for y in band {
            for x in left..<right { counts[shot[x, y], default: 0] += 1 }
        }
        let background = counts.max { $0.value < $1.value }?.key ?? Screenshot.RGB(red: 0, green: 0, blue: 0)
        var lit = [Bool](repeating: false, count: right)
        for x in left..<right {
            var count = 0
            for y in band where shot[x, y].distance(to: background) > 48 { count += 1 }
            lit[x] = count * 2 >= band.count
        }
        return lit
    }
}
