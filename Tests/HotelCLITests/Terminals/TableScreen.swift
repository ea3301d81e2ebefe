/// Where `hotels browse` puts things on a terminal of `TerminalKind.columns` ×
/// `TerminalKind.rows` cells, in pixels: the header on the first line, each hotel on two
/// lines (the height a logo gets), its logo in the first four columns, the status line
/// last. What the checks look at, and nothing they compare (that comes from the pixels).
struct TableScreen {
    let cellWidth: Int
    let cellHeight: Int

    /// `BrowseSession.logoColumns` and the two-line rows of a table with logos.
    static let logoColumns = 4
    static let linesPerHotel = 2

    init(_ terminal: RealTerminal) {
        cellWidth = terminal.cellWidth
        cellHeight = terminal.cellHeight
    }

    /// Hotels on screen: every line but the header and the status line.
    var hotelRows: Int { (TerminalKind.rows - 2) / Self.linesPerHotel }

    /// The `row`th hotel's logo cell (0 is the top row on screen), in pixels.
    func logoRegion(row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (0, (1 + row * Self.linesPerHotel) * cellHeight, Self.logoColumns * cellWidth, Self.linesPerHotel * cellHeight)
    }

    /// The pixel rows of a table line (header and hotel lines; not the status line).
    func band(line: Int) -> Range<Int> {
        line * cellHeight..<(line + 1) * cellHeight
    }

    /// The table's lines: the header and every hotel line, the status line excluded.
    var tableLines: Range<Int> { 0..<(1 + hotelRows * Self.linesPerHotel) }

    /// The pixel rows above the status line: what must be equal after scrolling.
    var aboveStatusLine: Int { (TerminalKind.rows - 1) * cellHeight }
}
