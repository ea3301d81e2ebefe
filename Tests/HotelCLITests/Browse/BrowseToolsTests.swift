import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import TerminalTable
import Testing

@testable import HotelBrowse

/// The table tools (issue 16, point 3) on the in-memory terminal against the real
/// service: filter, sort and reverse, sideways scrolling, columns, copy, write, redraw,
/// the last error, and prompt editing.
@Suite("hotels browse: table tools")
struct BrowseToolsTests {
    func catalogPage(_ query: HotelQuery, offset: Int, limit: Int) async throws -> SearchPage {
        var query = query
        query.offset = offset
        query.limit = limit
        return try await SQLiteCatalog(path: try await LiveServer.catalogPath(), baseURL: "").search(query)
    }

    func firstPage(_ terminal: InMemoryTerminal) async throws {
        try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
    }

    /// The text inside the framed panel on screen, its lines joined by spaces.
    func panelText(_ terminal: InMemoryTerminal) -> String {
        let size = terminal.size
        func column(of corner: String, row: Int) -> Int? {
            (0..<size.width).first { terminal.cell(row: row, column: $0).text == corner }
        }
        guard let top = (0..<size.height).first(where: { column(of: "┌", row: $0) != nil }),
            let left = column(of: "┌", row: top), let right = column(of: "┐", row: top),
            let bottom = ((top + 1)..<size.height).first(where: { terminal.cell(row: $0, column: left).text == "└" })
        else { return "" }
        return ((top + 1)..<bottom).map { row in
            ((left + 1)..<right).map { terminal.cell(row: row, column: $0).text }.joined().trimmingCharacters(in: .whitespaces)
        }.joined(separator: " ")
    }

    func type(_ text: String, into terminal: InMemoryTerminal) {
        terminal.inject(bytes: Array(text.utf8))
    }

    @Test("f filters on the server, shows the filter in the status line, and an empty filter restores the result")
    func filter() async throws {
        let server = try await LiveServer.shared()
        let all = try await catalogPage(HotelQuery(), offset: 0, limit: 14)
        let filtered = try await catalogPage(HotelQuery(minStars: 5, maxPrice: 300), offset: 0, limit: 14)
        try #require(filtered.totalCount > 14 && filtered.totalCount < 3000)
        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.char("f"))
            try await terminal.waitUntil("the filter prompt") { $0.last?.hasPrefix("Filter: ") == true }
            #expect(terminal.statusText.contains("stars:N price:MAX city:NAME amenity:A,B"))
            type("stars:5 price:300", into: terminal)
            terminal.inject(.enter)
            let count = PriceText.grouped(String(filtered.totalCount))
            try await terminal.waitUntil("the filtered rows") { _ in
                terminal.statusText.contains("of \(count)") && terminal.names() == filtered.hotels.map(\.name)
            }
            #expect(terminal.statusText.contains("filter ★≥5 ≤300"))
            let starLines = terminal.screenLines.dropFirst().dropLast().filter { $0.contains("★") }
            #expect(starLines.count == 14 && starLines.allSatisfy { $0.contains("★★★★★") })

            // Invalid input: the status line says why, the filter and the rows stay.
            terminal.inject(.char("f"))
            type("stars:9", into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the complaint") {
                $0.last?.contains("filter not changed: stars: must be a whole number 0…5") == true
            }
            #expect(terminal.statusText.contains("row 1 of \(count)"))
            #expect(terminal.names() == filtered.hotels.map(\.name))
            terminal.inject(.down)  // the next key clears the complaint; the filter is still there
            try await terminal.waitUntil("the filter again") { $0.last?.contains("filter ★≥5 ≤300") == true }

            // The prompt starts empty; an empty filter clears it and the search's rows return.
            terminal.inject(.char("f"))
            try await terminal.waitUntil("an empty prompt") { $0.last?.hasPrefix("Filter:  ") == true }
            terminal.inject(.enter)
            try await terminal.waitUntil("the whole result") { _ in
                terminal.statusText.contains("row 1 of 3,000") && terminal.names() == all.hotels.map(\.name)
            }
            #expect(!terminal.statusText.contains("filter"))
        }
    }

    @Test("the filter narrows the / search instead of replacing it")
    func filterCombinesWithSearch() async throws {
        let server = try await LiveServer.shared()
        let expected = try await catalogPage(HotelQuery(name: "Hotel", minStars: 4), offset: 0, limit: 14)
        _ = try await BrowseHarness(endpoint: server.endpoint, query: HotelQuery(name: "Hotel")).run { terminal in
            try await terminal.waitUntil("the name search") {
                $0.last?.contains("name “Hotel”") == true && $0.last?.contains("row 1 of") == true
            }
            terminal.inject(.char("f"))
            type("stars:4", into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("both at once") { _ in
                terminal.statusText.contains("of \(PriceText.grouped(String(expected.totalCount)))")
                    && terminal.names() == expected.hotels.map(\.name)
            }
            #expect(terminal.statusText.contains("name “Hotel”") && terminal.statusText.contains("filter ★≥4"))
        }
    }

    @Test("prompts start empty and edit like a shell line; Esc cancels")
    func promptEditing() async throws {
        let server = try await LiveServer.shared()
        let byName = try await catalogPage(HotelQuery(name: "Hotel"), offset: 0, limit: 14)
        _ = try await BrowseHarness(endpoint: server.endpoint, query: HotelQuery(name: "Inn")).run { terminal in
            try await terminal.waitUntil("the first page") {
                $0.last?.contains("name “Inn”") == true && $0.last?.contains("row 1 of") == true
            }
            terminal.inject(.char("/"))
            // Empty, not pre-filled with the current name; the cursor right after the label.
            try await terminal.waitUntil("an empty prompt") { $0.last?.hasPrefix("Name contains:  ") == true }
            #expect(!terminal.style(row: 29, column: 15).reverse)
            #expect(terminal.style(row: 29, column: 16).reverse)

            type("xxHotel", into: terminal)
            terminal.inject(.home)
            terminal.inject(bytes: Array("\u{1B}[3~\u{1B}[3~".utf8))  // Delete, Delete
            try await terminal.waitUntil("Delete") { $0.last?.hasPrefix("Name contains: Hotel ") == true }
            #expect(!terminal.style(row: 29, column: 15).reverse)  // the cursor at the start
            terminal.inject(.end)
            type(" jun", into: terminal)
            terminal.inject(.ctrl("w"))  // "jun", Ctrl-W: back to "Hotel "
            terminal.inject(.left, .left)
            type("s", into: terminal)  // "Hote" + "s" + "l "
            try await terminal.waitUntil("Ctrl-W and ←") { $0.last?.hasPrefix("Name contains: Hotesl  ") == true }
            terminal.inject(.right)
            terminal.inject(.backspace)  // the "l"
            terminal.inject(.left)
            terminal.inject(.backspace)  // the "e"
            type("e", into: terminal)
            terminal.inject(.right)
            terminal.inject(bytes: [0x7F])  // DEL is Backspace: the "s"
            type("l", into: terminal)
            try await terminal.waitUntil("the line fixed") { $0.last?.hasPrefix("Name contains: Hotel  ") == true }
            terminal.inject(.ctrl("a"))
            terminal.inject(.ctrl("e"))
            terminal.inject(.ctrl("u"))
            try await terminal.waitUntil("Ctrl-U") { $0.last?.hasPrefix("Name contains:  ") == true }
            type("Zzz", into: terminal)
            terminal.inject(.escape)
            try await terminal.waitUntil("the prompt cancelled") { $0.last?.contains("name “Inn”") == true }

            terminal.inject(.char("/"))
            type("Hotel", into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the new search") { _ in
                terminal.statusText.contains("name “Hotel”") && terminal.names() == byName.hotels.map(\.name)
            }
        }
    }

    @Test("s sorts by the next sortable column, marked in its header; S reverses the order")
    func sortAndReverse() async throws {
        let server = try await LiveServer.shared()
        let byName = try await catalogPage(HotelQuery(sortBy: .name), offset: 0, limit: 14)
        let lastByName = try await catalogPage(HotelQuery(sortBy: .name), offset: 3000 - 14, limit: 14)
        let byStars = try await catalogPage(HotelQuery(sortBy: .stars), offset: 0, limit: 14)
        let byPrice = try await catalogPage(HotelQuery(sortBy: .price), offset: 0, limit: 14)
        let activity = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.char("s"))
            try await terminal.waitUntil("name order") { _ in terminal.names() == byName.hotels.map(\.name) }
            #expect(terminal.screenLines[0].contains("Name ▲"))
            #expect(terminal.statusText.contains("sort name ▲"))

            terminal.inject(.down, .down)
            terminal.inject(.char("S"))
            try await terminal.waitUntil("reversed") { _ in terminal.names() == Array(lastByName.hotels.map(\.name).reversed()) }
            #expect(terminal.screenLines[0].contains("Name ▼"))
            #expect(terminal.statusText.contains("row 1 of 3,000") && terminal.statusText.contains("sort name ▼"))
            terminal.inject(.char("G"))
            try await terminal.waitUntil("the end of the reversed rows") { _ in
                terminal.statusText.contains("row 3,000 of 3,000") && terminal.names().last == byName.hotels.first?.name
            }
            terminal.inject(.char("S"))
            try await terminal.waitUntil("back in order") { _ in terminal.names() == byName.hotels.map(\.name) }
            #expect(terminal.statusText.contains("row 1 of 3,000"))

            terminal.inject(.char("s"))
            try await terminal.waitUntil("stars order") { _ in terminal.names() == byStars.hotels.map(\.name) }
            #expect(terminal.screenLines[0].contains("Stars ▼"))  // most stars first
            terminal.inject(.char("s"))
            try await terminal.waitUntil("price order") { _ in terminal.names() == byPrice.hotels.map(\.name) }
            #expect(terminal.screenLines[0].contains("Price ▲"))
            terminal.inject(.char("s"))
            try await terminal.waitUntil("relevance again") { $0.last?.contains("sort relevance") == true }
            #expect(!terminal.screenLines[0].contains("▲") && !terminal.screenLines[0].contains("▼"))
        }
        // Reversed, the name order's last page (59) was fetched for the first screen.
        #expect(activity.pagesRequested.contains(59))
    }

    @Test("S with a sequential dialect says why it cannot reverse")
    func reverseNeedsRandomAccess() async throws {
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.dialect = TokenPagedDialect()
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of") == true }
            let names = terminal.names()
            terminal.inject(.char("S"))
            try await terminal.waitUntil("the reason") { $0.last?.contains("S needs the total count first") == true }
            #expect(terminal.names() == names)
            #expect(!terminal.statusText.contains("reversed"))
        }
    }

    @Test("← → h l scroll the columns sideways when they do not fit; h in the details still goes back")
    func horizontalScroll() async throws {
        let server = try await LiveServer.shared()
        let first = try await catalogPage(HotelQuery(), offset: 0, limit: 1).hotels[0]
        var harness = BrowseHarness(endpoint: server.endpoint)
        harness.width = 40
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of") == true }
            // Logo, Name, City and Stars fit in 40 cells; Price does not.
            #expect(terminal.screenLines[0].hasPrefix("Logo │ Name"))
            #expect(terminal.screenLines[0].contains("Stars ▸"))
            #expect(!terminal.screenLines[0].contains("Price"))
            terminal.inject(.char("l"))
            try await terminal.waitUntil("one column further") { $0[0].hasPrefix("◂ Name") }
            terminal.inject(.right)
            try await terminal.waitUntil("the last columns") { $0[0].hasPrefix("◂ City") && $0[0].contains("Price") }
            #expect(terminal.screenLines[1].contains(PriceText.table(first.price)))
            terminal.inject(.right)  // already at the end
            terminal.inject(.char("h"))
            try await terminal.waitUntil("back one") { $0[0].hasPrefix("◂ Name") }
            terminal.inject(.left)
            try await terminal.waitUntil("the first columns") { $0[0].hasPrefix("Logo │ Name") }

            terminal.inject(.enter)
            try await terminal.waitUntil("the details") { $0.last?.contains("Esc back") == true }
            terminal.inject(.char("h"))
            try await terminal.waitUntil("the table") { $0[0].hasPrefix("Logo │ Name") }
        }
    }

    @Test("c shows a panel of columns; digits hide and show them, and one always stays")
    func columns() async throws {
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.char("c"))
            try await terminal.waitUntil("the panel") { $0.joined().contains("1  ✓  Logo") }
            #expect(terminal.screenLines.joined().contains("5  ✓  Price"))
            terminal.inject(.char("3"))
            try await terminal.waitUntil("City unticked") { $0.joined().contains("3     City") }
            terminal.inject(.escape)
            try await terminal.waitUntil("the table without City") { $0[0].hasPrefix("Logo │ Name") && !$0[0].contains("City") }
            #expect(terminal.screenLines[0].contains("Stars"))

            terminal.inject(.char("c"))
            for digit in ["1", "4", "5"] { terminal.inject(.char(Character(digit))) }
            terminal.inject(.char("2"))  // the last one shown: refused
            try await terminal.waitUntil("the refusal") { $0.joined().contains("at least one column stays visible") }
            terminal.inject(.char("c"))
            try await terminal.waitUntil("only Name") { $0[0].trimmingCharacters(in: .whitespaces) == "Name" }
            terminal.inject(.char("c"))
            terminal.inject(.char("3"))
            terminal.inject(.enter)
            try await terminal.waitUntil("Name and City") { $0[0].hasPrefix("Name") && $0[0].contains("│ City") }
        }
    }

    @Test("y copies the selected row as the CSV line hotels search writes, through OSC 52")
    func copyRow() async throws {
        let server = try await LiveServer.shared()
        let search = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--limit", "3", "--format", "csv"])
        try #require(search.status == 0, "\(search.stderr)")
        let third = search.stdout.split(separator: "\n")[3]
        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.down, .down)
            terminal.clearWritten()
            terminal.inject(.char("y"))
            try await terminal.waitUntil("the notice") { $0.last?.contains("copied row 3 as CSV") == true }
            let written = terminal.writtenText
            let start = try #require(written.range(of: "\u{1B}]52;c;"))
            let end = try #require(written[start.upperBound...].firstIndex(of: "\u{07}"))
            let decoded = try #require(Data(base64Encoded: String(written[start.upperBound..<end])))
            #expect(String(decoding: decoded, as: UTF8.self) == third)
        }
    }

    @Test("e shows the last error in full, wrapped; before any error it says so")
    func lastError() async throws {
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.char("e"))
            try await terminal.waitUntil("the panel") { $0.joined().contains("no error so far") }
            terminal.inject(.char("j"))  // any key closes, and does nothing else
            try await terminal.waitUntil("closed") { !$0.joined().contains("no error so far") }
            #expect(terminal.statusText.contains("row 1 of 3,000"))

            // An amenity the service does not know: its fault is longer than the status line.
            terminal.inject(.char("f"))
            type("amenity:sauna", into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the fault") { $0.last?.contains("⚠") == true }
            terminal.inject(.char("e"))
            try await terminal.waitUntil("the fault in full") { $0.joined().contains("Last error") }
            let panel = panelText(terminal)
            #expect(panel.contains("unknown amenity \"sauna\""))
            #expect(panel.contains("accessible"))  // the end of the list of known ones
        }
    }

    @Test("Ctrl-L redraws the whole screen")
    func redraw() async throws {
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.images = .disabled  // no logos arriving: the screen stands still
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000 · sort relevance · pages 2 ·") == true }
            let screen = terminal.screenLines
            terminal.clearWritten()
            terminal.inject(.ctrl("l"))
            try await terminal.waitUntil("a full frame") { _ in terminal.writtenText.contains(EscapeSequence.clearScreen) }
            // Replayed on a blank screen, the bytes alone draw the whole frame.
            var blank = VirtualScreen(width: 120, height: 30)
            blank.feed(terminal.written)
            #expect(blank.lines == screen)
            #expect(terminal.screenLines == screen)
        }
    }
}
