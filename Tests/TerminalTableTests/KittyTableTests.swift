import Testing

@testable import TerminalTable

@Suite struct KittyTableTests {
    static let columns = [
        TableColumn("Logo", width: .fixed(3)),
        TableColumn("Name", width: .flexible(min: 6)),
    ]

    /// Rows with a 3 × 2 kitty logo each (ids 101, 102, ...), except every third row.
    static func source(rows: Int) throws -> StaticTableDataSource {
        var tableRows: [TableRow] = []
        for index in 0..<rows {
            let logo: TableCellContent
            if index % 3 == 2 {
                logo = .text("-")
            } else {
                let image = try #require(
                    KittyImage(id: UInt32(101 + index), columns: 3, rows: 2, format: .png, payload: fakePNG(count: 30, seed: UInt8(index))))
                logo = .kittyImage(image)
            }
            tableRows.append(TableRow([logo, .text("Hotel \(index)")]))
        }
        return StaticTableDataSource(rows: tableRows)
    }

    /// Image id and piece shown at each screen cell that holds a placeholder.
    func placeholders(on terminal: InMemoryTerminal) -> [String: String] {
        var found: [String: String] = [:]
        let size = terminal.size
        for row in 0..<size.height {
            for column in 0..<size.width {
                let cell = terminal.cell(row: row, column: column)
                guard let id = KittyPlaceholder.imageID(of: cell), let piece = KittyPlaceholder.decode(cell.text) else { continue }
                found["\(row),\(column)"] = "\(id):\(piece.row),\(piece.column)"
            }
        }
        return found
    }

    @Test func drawsPlaceholdersWithTheIdColour() throws {
        var harness = TableHarness(width: 20, height: 6, columns: Self.columns, source: try Self.source(rows: 10), rowHeight: 2)
        harness.draw()
        // Header on line 0, rows 0 and 1 on lines 1-2 and 3-4, status on line 5.
        #expect(
            placeholders(on: harness.terminal) == [
                "1,0": "101:0,0", "1,1": "101:0,1", "1,2": "101:0,2",
                "2,0": "101:1,0", "2,1": "101:1,1", "2,2": "101:1,2",
                "3,0": "102:0,0", "3,1": "102:0,1", "3,2": "102:0,2",
                "4,0": "102:1,0", "4,1": "102:1,1", "4,2": "102:1,2",
            ])
        // The selected row's highlight is not layered on the placeholders.
        #expect(harness.terminal.style(row: 1, column: 0) == Style(foreground: RGB(0, 0, 101)))
        #expect(harness.terminal.style(row: 1, column: 6).reverse)
        #expect(harness.lines[1].hasSuffix(" │ Hotel 0       "))
        #expect(harness.terminal.virtualScreen.overflowCount == 0)
        let written = harness.terminal.writtenText
        #expect(written.contains("38;2;0;0;101m\u{10EEEE}\u{305}\u{305}\u{10EEEE}\u{305}\u{30D}\u{10EEEE}\u{305}\u{30E}"))
    }

    @Test func scrollingOverwritesPlaceholders() throws {
        var harness = TableHarness(width: 20, height: 6, columns: Self.columns, source: try Self.source(rows: 10), rowHeight: 2)
        harness.draw()
        harness.terminal.clearWritten()
        harness.state.select(2)  // scrolls by one row: rows 1 and 2 on screen
        harness.draw()
        #expect(harness.state.topRow == 1)
        // Row 1's logo moved up; row 2 has none, so its lines hold no placeholder at all.
        #expect(
            placeholders(on: harness.terminal) == [
                "1,0": "102:0,0", "1,1": "102:0,1", "1,2": "102:0,2",
                "2,0": "102:1,0", "2,1": "102:1,1", "2,2": "102:1,2",
            ])
        #expect(harness.lines[3].hasPrefix("-   │ Hotel 2"))
        // Only the diff was sent: the placeholder cells were rewritten as text cells.
        #expect(!harness.terminal.writtenText.contains(EscapeSequence.clearScreen))
        harness.state.select(9)
        harness.draw()
        #expect(Set(placeholders(on: harness.terminal).values.map { $0.prefix(3) }) == ["110"])
        #expect(harness.terminal.virtualScreen.overflowCount == 0)
    }

    @Test("a one-row scroll moves the placeholders with their rows inside a scroll region")
    func scrollRegionMovesPlaceholders() throws {
        let source = try Self.source(rows: 12)
        var harness = TableHarness(width: 20, height: 12, columns: Self.columns, source: source, rowHeight: 2)
        harness.draw()
        harness.state.select(4)  // the last row on screen
        harness.draw()
        harness.terminal.clearWritten()
        harness.state.select(5)  // one row down: every row moves up two lines
        harness.draw()
        let written = String(decoding: harness.terminal.written, as: UTF8.self)
        #expect(written.contains("\u{1B}[2S"), "the body scrolled by the terminal")
        var fresh = TableHarness(width: 20, height: 12, columns: Self.columns, source: source, rowHeight: 2)
        fresh.state = harness.state
        fresh.draw()
        #expect(placeholders(on: harness.terminal) == placeholders(on: fresh.terminal))
        #expect(harness.terminal.screenLines == fresh.terminal.screenLines)
    }

    @Test func narrowColumnAndShortRowShowPartOfTheImage() throws {
        let columns = [TableColumn("L", width: .fixed(2)), TableColumn("Name", width: .flexible(min: 4))]
        var harness = TableHarness(width: 12, height: 3, columns: columns, source: try Self.source(rows: 1), rowHeight: 1)
        harness.draw()
        // A 3 × 2 image in a 2-wide, 1-high cell: its top-left 2 × 1 pieces.
        #expect(placeholders(on: harness.terminal) == ["1,0": "101:0,0", "1,1": "101:0,1"])
    }

    @Test func listsTheImagesAFrameShows() throws {
        let source = try Self.source(rows: 10)
        var state = TableViewState(rowHeight: 2, screenHeight: 7)
        state.updateRowCount(10)
        let table = TableView(columns: Self.columns)
        let size = TerminalSize(width: 20, height: 7)
        // Body lines 1..<6: rows 0, 1 whole, row 2 (no logo) cut to one line.
        #expect(table.kittyImages(state: state, dataSource: source, size: size).map(\.id) == [101, 102])
        state.select(3)  // rows 2, 3 whole and row 4 on one line: its logo's top shows
        #expect(table.kittyImages(state: state, dataSource: source, size: size).map(\.id) == [104, 105])
        // Rows 4 lines high with centred 2-line images: a row cut to its first line
        // shows none of its image.
        var tall = TableViewState(rowHeight: 4, screenHeight: 7)
        tall.updateRowCount(10)
        #expect(table.kittyImages(state: tall, dataSource: source, size: size).map(\.id) == [101])
        let oneLine = TableViewState(rowHeight: 4, screenHeight: 3)
        #expect(table.kittyImages(state: oneLine, dataSource: source, size: TerminalSize(width: 20, height: 3)).isEmpty)
        // A hidden logo column shows nothing.
        let narrow = TableView(columns: [TableColumn("Name", width: .flexible(min: 6)), TableColumn("Logo", width: .fixed(3))])
        let swapped = StaticTableDataSource(rows: source.rows.map { TableRow($0.cells.reversed()) })
        #expect(narrow.kittyImages(state: state, dataSource: swapped, size: TerminalSize(width: 6, height: 7)).isEmpty)
        #expect(narrow.kittyImages(state: state, dataSource: swapped, size: TerminalSize(width: 12, height: 7)).map(\.id) == [104, 105])
    }

    @Test func listedImagesAreExactlyThoseDrawn() throws {
        let source = try Self.source(rows: 10)
        for placement in [TableView.VerticalPlacement.top, .center] {
            var table = TableView(columns: Self.columns)
            table.verticalPlacement = placement
            for rowHeight in 1...4 {
                for height in 2...9 {
                    for selection in [0, 3, 9] {
                        var state = TableViewState(rowHeight: rowHeight, screenHeight: height)
                        state.updateRowCount(10)
                        state.select(selection)
                        let size = TerminalSize(width: 20, height: height)
                        let frame = table.render(state: state, dataSource: source, status: StatusLine(), size: size)
                        var drawn: [UInt32] = []
                        for row in 0..<frame.height {
                            for column in 0..<frame.width {
                                if let id = KittyPlaceholder.imageID(of: frame[row, column]), !drawn.contains(id) { drawn.append(id) }
                            }
                        }
                        #expect(
                            table.kittyImages(state: state, dataSource: source, size: size).map(\.id) == drawn,
                            "\(placement) rowHeight \(rowHeight) height \(height) selection \(selection)")
                    }
                }
            }
        }
    }

    @Test func registryUploadsBeforeFramesAndOnlyOnce() throws {
        let source = try Self.source(rows: 10)
        var harness = TableHarness(width: 20, height: 6, columns: Self.columns, source: source, rowHeight: 2)
        var registry = KittyImageRegistry(capacity: 3)
        func present() {
            let images = harness.table.kittyImages(state: harness.state, dataSource: source, size: harness.terminal.size)
            harness.terminal.write(registry.prepare(showing: images))
            harness.draw()
        }
        func uploaded() -> [String] {
            graphicsCommands(in: harness.terminal.writtenText).filter { $0.keys["a"] == "T" }.compactMap { $0.keys["i"] }
        }
        present()
        #expect(uploaded() == ["101", "102"])
        // The upload escape codes do not show on screen.
        #expect(harness.lines[1].hasSuffix(" │ Hotel 0       "))
        #expect(!harness.lines.joined().contains("a=T"))
        harness.terminal.clearWritten()
        present()  // same frame: nothing at all
        #expect(harness.terminal.written.isEmpty)
        harness.state.select(4)  // rows 3, 4
        present()
        #expect(uploaded() == ["104", "105"])
        let deleted = graphicsCommands(in: harness.terminal.writtenText).filter { $0.keys["a"] == "d" }.compactMap { $0.keys["i"] }
        #expect(deleted == ["101"])  // capacity 3: the image shown longest ago goes
        harness.terminal.clearWritten()
        harness.state.select(0)
        present()
        #expect(uploaded() == ["101"])  // evicted, so sent again; 102 was kept
    }

    @Test func textCannotFakeAPlaceholder() {
        // A server could send the placeholder character in a name; drawn in a coloured
        // column it would show one of our images.
        #expect(Sanitizer.standard.sanitize("Evil\u{10EEEE}\u{305}\u{305}") == "Evil\u{FFFD}\u{305}\u{305}")
        var harness = TableHarness(
            width: 20, height: 3, columns: [TableColumn("Name")],
            source: StaticTableDataSource(rows: [TableRow([.styledText("\u{10EEEE}\u{305}\u{305}", Style(foreground: RGB(0, 0, 101)))])]))
        harness.draw()
        #expect(placeholders(on: harness.terminal).isEmpty)
    }
}
