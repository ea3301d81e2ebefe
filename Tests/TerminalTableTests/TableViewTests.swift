import Testing

@testable import TerminalTable

/// Wires a table, its state and an in-memory terminal together like a real client.
struct TableHarness {
    let terminal: InMemoryTerminal
    var screen: TerminalScreen
    var table: TableView
    var state: TableViewState
    let source: any TableDataSource
    var status = StatusLine(left: "left status", right: "right")
    var overlay: TextPanel?

    init(width: Int, height: Int, columns: [TableColumn], source: any TableDataSource, rowHeight: Int = 1) {
        terminal = InMemoryTerminal(width: width, height: height)
        screen = TerminalScreen(terminal)
        table = TableView(columns: columns)
        state = TableViewState(rowHeight: rowHeight, screenHeight: height)
        self.source = source
        state.updateRowCount(source.rowCount)
    }

    mutating func draw() {
        state.updateRowCount(source.rowCount)
        screen.present(table.render(state: state, dataSource: source, status: status, overlay: overlay, size: terminal.size))
    }

    mutating func resize(width: Int, height: Int) {
        terminal.resize(width: width, height: height)
        state.resize(screenHeight: height)
        screen.invalidate()
        draw()
    }

    var lines: [String] { terminal.screenLines }
}

let hotelColumns = [
    TableColumn("Name", width: .flexible(min: 8)),
    TableColumn("City", width: .fixed(10)),
    TableColumn("Price", width: .fixed(7), alignment: .right),
]

func rows(_ names: [String]) -> StaticTableDataSource {
    StaticTableDataSource(
        rows: names.enumerated().map { index, name in
            TableRow([.text(name), .text("東京"), .text("€\(100 + index)")])
        })
}

@Suite struct TableViewTests {
    @Test func cjkAndEmojiNamesStayAligned() {
        let names = ["Hotel Adlon", "東京ステーションホテル", "서울 신라호텔", "👨‍👩‍👧‍👦 Family Inn 🇩🇪", "Cafe\u{301} Hôtel", "ﾎﾃﾙ halfwidth", "北京饭店北京饭店北京饭店北京饭店"]
        var harness = TableHarness(width: 46, height: 10, columns: hotelColumns, source: rows(names))
        harness.draw()
        let lines = harness.lines
        let borders = displayColumns(of: "│", in: lines[0])
        #expect(borders.count == 2)
        for line in lines[0...names.count] {
            #expect(displayColumns(of: "│", in: line) == borders, "\(line)")
            #expect(DisplayWidth.of(line) == 46)
        }
        #expect(lines[2].hasPrefix("東京ステーションホテル"))
        #expect(lines[4].hasPrefix("👨‍👩‍👧‍👦 Family Inn 🇩🇪"))
        #expect(harness.terminal.virtualScreen.overflowCount == 0)
    }

    @Test func longNamesAreTruncatedWithEllipsis() {
        var harness = TableHarness(width: 30, height: 5, columns: hotelColumns, source: rows(["北京饭店北京饭店北京饭店"]))
        harness.draw()
        let name = harness.lines[1].prefix { $0 != "│" }
        #expect(name.hasSuffix("… "))
        #expect(DisplayWidth.of(String(name)) == harness.table.columnWidths(forWidth: 30)[0] + 1)
    }

    @Test func hostileTextIsDrawnSanitized() {
        var harness = TableHarness(
            width: 40, height: 6, columns: hotelColumns,
            source: rows(["Evil\u{1B}[2J Hotel", "Nice \u{202E}letoH", "Line\nBreak"]))
        harness.draw()
        let lines = harness.lines
        #expect(lines[1].hasPrefix("Evil\u{FFFD}[2J Hotel"))
        #expect(lines[2].hasPrefix("Nice \u{FFFD}letoH"))
        #expect(lines[3].hasPrefix("Line\u{FFFD}Break"))
        // The only clear-screen sent is the renderer's own full redraw.
        #expect(harness.terminal.writtenText.components(separatedBy: "\u{1B}[2J").count == 2)
        #expect(!harness.terminal.writtenText.contains("\u{202E}"))
        #expect(!harness.terminal.writtenText.contains("\n"))
    }

    @Test func placeholderRowsBecomeRows() {
        let source = MutableDataSource(rowCount: 3)
        var harness = TableHarness(width: 40, height: 6, columns: hotelColumns, source: source)
        harness.draw()
        #expect(harness.lines[1].hasPrefix("…"))
        #expect(harness.lines[2].hasPrefix("…"))
        #expect(harness.terminal.style(row: 2, column: 0).dim)

        harness.terminal.clearWritten()
        source.fill(1, TableRow([.text("Loaded Inn"), .text("Kyoto"), .text("€90")]))
        harness.draw()
        #expect(harness.lines[1].hasPrefix("…"))
        #expect(harness.lines[2].hasPrefix("Loaded Inn"))
        #expect(!harness.terminal.style(row: 2, column: 0).dim)
        // Only the filled-in row was redrawn.
        let update = harness.terminal.writtenText
        #expect(update.contains("Loaded Inn"))
        #expect(!update.contains(EscapeSequence.moveCursor(row: 1, column: 0)))
        #expect(!update.contains(EscapeSequence.moveCursor(row: 3, column: 0)))
    }

    @Test func unknownRowCountShowsLoadingAndEmptyShowsText() {
        let source = MutableDataSource(rowCount: nil)
        var harness = TableHarness(width: 30, height: 5, columns: hotelColumns, source: source)
        harness.draw()
        #expect(harness.lines[1].hasPrefix("…"))
        source.setRowCount(0)
        harness.draw()
        #expect(harness.lines[1].hasPrefix("No rows"))
    }

    @Test func resizeToNarrowerWidthRelaysOut() {
        let names = ["東京ステーションホテル", "Hotel Adlon Kempinski Berlin", "서울 신라호텔"]
        var harness = TableHarness(width: 60, height: 8, columns: hotelColumns, source: rows(names))
        harness.draw()
        harness.resize(width: 31, height: 8)
        let lines = harness.lines
        let borders = displayColumns(of: "│", in: lines[0])
        #expect(borders.count == 2)
        for line in lines {
            #expect(DisplayWidth.of(line) == 31)
        }
        for line in lines[0...names.count] {
            #expect(displayColumns(of: "│", in: line) == borders)
        }
        #expect(harness.terminal.virtualScreen.overflowCount == 0)
        // Very narrow: columns are dropped from the right, nothing overflows.
        harness.resize(width: 9, height: 8)
        #expect(harness.lines.allSatisfy { DisplayWidth.of($0) == 9 })
        #expect(harness.terminal.virtualScreen.overflowCount == 0)
    }

    @Test func selectionHighlightMoves() {
        var harness = TableHarness(width: 30, height: 8, columns: hotelColumns, source: rows(["A", "B", "C"]))
        harness.draw()
        #expect(harness.terminal.style(row: 1, column: 0).reverse)
        #expect(harness.terminal.style(row: 1, column: 29).reverse)
        #expect(!harness.terminal.style(row: 2, column: 0).reverse)
        harness.state.handle(.down)
        harness.draw()
        #expect(!harness.terminal.style(row: 1, column: 0).reverse)
        #expect(harness.terminal.style(row: 2, column: 0).reverse)
        #expect(harness.lines[2].hasPrefix("B"))
    }

    @Test func pageDownShowsTheNextPage() {
        let names = (0..<40).map { "Hotel \($0)" }
        var harness = TableHarness(width: 30, height: 12, columns: hotelColumns, source: rows(names))
        harness.draw()
        #expect(harness.lines[1].hasPrefix("Hotel 0 "))
        harness.state.handle(.pageDown)
        harness.draw()
        #expect(harness.lines[1].hasPrefix("Hotel 10 "))
        #expect(harness.lines[10].hasPrefix("Hotel 19 "))
        #expect(harness.terminal.style(row: 1, column: 0).reverse)
    }

    @Test func statusLineShowsBothSides() {
        var harness = TableHarness(width: 30, height: 5, columns: hotelColumns, source: rows(["A"]))
        harness.status = StatusLine(left: "1 of 1", right: "q quit")
        harness.draw()
        let status = harness.lines[4]
        #expect(status.hasPrefix("1 of 1"))
        #expect(status.hasSuffix("q quit"))
        #expect(harness.terminal.style(row: 4, column: 10).reverse)
        harness.status = StatusLine(left: String(repeating: "L", count: 40), right: "q quit")
        harness.draw()
        #expect(harness.lines[4].hasSuffix(" q quit"))
        #expect(harness.lines[4].hasPrefix("LLLL"))
    }

    @Test func headerIsBoldAndAligned() {
        var harness = TableHarness(width: 30, height: 5, columns: hotelColumns, source: rows(["A"]))
        harness.draw()
        #expect(harness.lines[0].hasPrefix("Name "))
        #expect(harness.lines[0].hasSuffix("Price"))
        #expect(harness.terminal.style(row: 0, column: 0).bold)
        #expect(harness.lines[1].hasSuffix("€100"))  // right-aligned column
    }

    @Test func tallRowsCenterTextAndDrawImages() {
        let red = RGB(255, 0, 0)
        let blue = RGB(0, 0, 255)
        let pixels = (0..<(4 * 6)).map { $0 < 12 ? red : blue }  // top half red, bottom half blue
        let logo = HalfBlockImage(pixels: pixels, pixelWidth: 4, pixelHeight: 6)  // 4 × 3 cells
        let source = StaticTableDataSource(rows: [
            TableRow([.image(logo), .text("Grand"), .styledText("★★★", Style(foreground: RGB(255, 200, 0)))]),
            TableRow([.image(logo), .text("Budget")]),
        ])
        let columns = [TableColumn("Logo", width: .fixed(4)), TableColumn("Name"), TableColumn("Stars", width: .fixed(5))]
        var harness = TableHarness(width: 30, height: 9, columns: columns, source: source, rowHeight: 3)
        harness.draw()
        let lines = harness.lines
        #expect(lines[1].hasPrefix("▀▀▀▀ │       "))
        #expect(lines[2].hasPrefix("▀▀▀▀ │ Grand"))
        #expect(lines[3].hasPrefix("▀▀▀▀ │      "))
        #expect(lines[5].hasPrefix("▀▀▀▀ │ Budget"))
        #expect(harness.terminal.style(row: 1, column: 0).foreground == red)
        #expect(harness.terminal.style(row: 2, column: 0).foreground == red)
        #expect(harness.terminal.style(row: 2, column: 0).background == blue)
        #expect(harness.terminal.style(row: 3, column: 0).foreground == blue)
        // Styled text keeps its colour and gains the selection highlight.
        let starColumn = displayColumns(of: "★", in: lines[2]).first!
        #expect(harness.terminal.style(row: 2, column: starColumn).foreground == RGB(255, 200, 0))
        #expect(harness.terminal.style(row: 2, column: starColumn).reverse)
        // Borders line up across all lines of tall rows.
        let borders = displayColumns(of: "│", in: lines[0])
        for line in lines[0...6] { #expect(displayColumns(of: "│", in: line) == borders) }
    }

    @Test func topPlacementDrawsTextOnFirstLine() {
        let source = StaticTableDataSource(rows: [TableRow([.text("Top")])])
        var harness = TableHarness(width: 20, height: 8, columns: [TableColumn("Name")], source: source, rowHeight: 3)
        harness.table.verticalPlacement = .top
        harness.draw()
        #expect(harness.lines[1].hasPrefix("Top"))
        #expect(harness.lines[2].trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func missingCellsAreEmpty() {
        let source = StaticTableDataSource(rows: [TableRow([.text("Only name")])])
        var harness = TableHarness(width: 40, height: 4, columns: hotelColumns, source: source)
        harness.draw()
        #expect(displayColumns(of: "│", in: harness.lines[1]) == displayColumns(of: "│", in: harness.lines[0]))
    }

    @Test func overlayPanelIsDrawnOnTop() {
        let names = (0..<20).map { "Hotel \($0)" }
        var harness = TableHarness(width: 40, height: 12, columns: hotelColumns, source: rows(names))
        harness.overlay = TextPanel(title: "Help", lines: ["j/k  move", "q    quit \u{1B}[31m"], footer: "Esc")
        harness.draw()
        let lines = harness.lines
        let top = lines.firstIndex { $0.contains("┌") }!
        #expect(lines[top].contains("┌─ Help "))
        #expect(lines[top + 1].contains("│ j/k  move"))
        #expect(lines[top + 2].contains("q    quit \u{FFFD}[31m"))
        #expect(lines[top + 3].contains("└"))
        #expect(lines[top + 3].contains(" Esc "))
        let left = displayColumns(of: "│", in: lines[top + 1]).filter { $0 == displayColumns(of: "┌", in: lines[top])[0] }
        #expect(left.count == 1)
        #expect(harness.terminal.virtualScreen.overflowCount == 0)
        // Closing the panel brings the table back.
        harness.overlay = nil
        harness.draw()
        #expect(!harness.lines.joined().contains("┌"))
        #expect(harness.lines[top + 1].hasPrefix("Hotel"))
    }
}

@Suite struct TextPanelTests {
    @Test func scrollsAndClipsLongContent() {
        let panel = TextPanel(title: "Details", lines: (0..<50).map { "line \($0)" }, firstLine: 10)
        var buffer = CellBuffer(width: 30, height: 10)
        panel.draw(into: &buffer)
        #expect(panel.visibleLineCount(in: TerminalSize(width: 30, height: 10)) == 6)
        #expect(buffer.text(ofRow: 2).contains("line 10"))
        #expect(buffer.text(ofRow: 7).contains("line 15"))
        #expect(buffer.text(ofRow: 8).contains("└"))
    }

    @Test func splitsTextAndTruncatesWideLines() {
        let panel = TextPanel(title: "T", text: "東京東京東京東京東京東京東京東京東京東京\nb")
        var buffer = CellBuffer(width: 20, height: 8)
        panel.draw(into: &buffer)
        #expect(panel.lines.count == 2)
        for row in 0..<8 { #expect(DisplayWidth.of(buffer.text(ofRow: row)) == 20) }
        let row = (0..<8).first { buffer.text(ofRow: $0).contains("東") }!
        #expect(buffer.text(ofRow: row).contains("…"))
        #expect(displayColumns(of: "│", in: buffer.text(ofRow: row)).count == 2)
    }

    @Test func tinyScreenDoesNotCrash() {
        var buffer = CellBuffer(width: 3, height: 2)
        TextPanel(title: "Long title", lines: ["x"]).draw(into: &buffer)
        var empty = CellBuffer(width: 0, height: 0)
        TextPanel(title: "", lines: []).draw(into: &empty)
    }
}
