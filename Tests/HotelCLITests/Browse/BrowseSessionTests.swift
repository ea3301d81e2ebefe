import ChildProcess
import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import TerminalTable
import Testing

@testable import HotelBrowse

/// The interactive table on an in-memory terminal against the real service: what the
/// user sees, and what the table asks the network for.
@Suite("hotels browse: the table")
struct BrowseSessionTests {
    /// The catalog's own answer, to compare the screen with.
    func catalogPage(_ query: HotelQuery, offset: Int, limit: Int, catalog: String? = nil) async throws -> SearchPage {
        let catalog = if let catalog { catalog } else { try await LiveServer.catalogPath() }
        var query = query
        query.offset = offset
        query.limit = limit
        return try await SQLiteCatalog(path: catalog, baseURL: "").search(query)
    }

    @Test("the first screen shows the catalog's first rows, the count and the endpoint")
    func firstScreen() async throws {
        let server = try await LiveServer.shared()
        let expected = try await catalogPage(HotelQuery(), offset: 0, limit: 14)
        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            #expect(terminal.screenLines[0].hasPrefix("Logo │ Name"))
            #expect(terminal.names() == expected.hotels.map(\.name))
            #expect(terminal.names().count == 14)  // 28 body lines, two per row
            #expect(terminal.statusText.contains(server.endpoint))
            #expect(terminal.statusText.contains("? help"))
        }
    }

    @Test("G jumps to the end: only the last page is fetched, placeholders first, then rows")
    func jumpToEnd() async throws {
        let server = try await LiveServer.shared()
        let lastRows = try await catalogPage(HotelQuery(), offset: 2986, limit: 14)
        let activity = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            var screen = terminal.virtualScreen
            terminal.clearWritten()
            terminal.inject(.char("G"))
            try await terminal.waitUntil("the last rows") { _ in terminal.names().last == lastRows.hotels.last?.name }
            #expect(terminal.statusText.contains("row 3,000 of 3,000"))
            #expect(terminal.names() == lastRows.hotels.map(\.name))

            // Replay what was written frame by frame: some frame showed placeholders
            // where the last rows now are.
            var sawPlaceholders = false
            for frame in terminal.writtenText.components(separatedBy: EscapeSequence.beginSynchronizedUpdate) {
                screen.feed(Array(frame.utf8))
                let lines = screen.lines
                if lines.last?.contains("row 3,000 of 3,000") == true, lines[1...].contains(where: { $0.contains("│ …") }) {
                    sawPlaceholders = true
                }
            }
            #expect(sawPlaceholders)
        }
        // Page 0 for the count, maybe page 1 (one ahead) before G, then page 59 alone.
        #expect(activity.pagesRequested.first == 0)
        #expect(activity.pagesRequested.last == 59)
        #expect(Set(activity.pagesRequested).isSubset(of: [0, 1, 59]))
    }

    @Test("Korean and Japanese names keep every column border in place")
    func cjkAlignment() async throws {
        for city in ["Seoul", "Tokyo"] {
            let query = HotelQuery(city: city)
            let expected = try await catalogPage(query, offset: 0, limit: 14)
            #expect(expected.hotels.contains { $0.name.unicodeScalars.contains { $0.value >= 0x3000 } })
            _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint, query: query).run { terminal in
                try await terminal.waitUntil("\(city) rows") { _ in terminal.names().first == expected.hotels.first?.name }
                let borders = (0..<29).map { row in (0..<120).filter { terminal.cell(row: row, column: $0).text == "│" } }
                #expect(borders.allSatisfy { $0 == borders[0] }, "borders per line: \(borders)")
                #expect(borders[0].count == 4)
            }
        }
    }

    @Test("a hotel name with escape sequences and bidi overrides is drawn harmlessly")
    func hostileName() async throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).sqlite").path
        try FileManager.default.copyItem(atPath: try await LiveServer.catalogPath(), toPath: catalog)
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let first = try await catalogPage(HotelQuery(), offset: 0, limit: 1, catalog: catalog).hotels[0]
        // Only characters XML 1.0 can carry reach a client (ESC and BEL cannot be sent at
        // all), so the threats are C1 controls (U+009B is CSI), DEL and bidi overrides.
        let hostile = "Evil\u{9B}2J\u{202E}Inn\u{7F}\u{85}\u{2066}x"
        let update =
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('UPDATE hotels SET name=? WHERE hotel_id=?', (sys.argv[2], sys.argv[3])); c.commit()"
        let result = try await ChildProcess.run(["python3", "-c", update, catalog, hostile, first.id])
        try #require(result.status == 0, "\(result.stderr)")
        let server = try await LiveServer.start(catalog: catalog)
        defer { server.kill() }

        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            let line = terminal.screenLines[1]
            #expect(line.contains("Evil"))
            #expect(line.contains("Inn"))
            #expect(
                !line.unicodeScalars.contains {
                    $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2066}"
                })
            #expect(
                !terminal.writtenText.unicodeScalars.contains {
                    (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2066}" || $0.value == 0x7F
                })
            // The rest of the screen was not cleared by the name.
            #expect(terminal.names().count == 14)
        }
    }

    @Test("a resize re-lays out the table and keeps the selection on screen")
    func resize() async throws {
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            for _ in 0..<12 { terminal.inject(.down) }
            try await terminal.waitUntil("row 13") { $0.last?.contains("row 13 of") == true }
            terminal.resize(width: 70, height: 12)
            try await terminal.waitUntil("a 70 × 12 layout") { lines in
                lines.count == 12 && lines[0].hasPrefix("Logo │ Name") && lines[11].contains("row 13 of")
            }
            #expect(terminal.names().count == 5)  // 10 body lines
            #expect(terminal.screenLines.allSatisfy { DisplayWidth.of($0) == 70 })
            // The selected row (reverse video) is on screen.
            #expect((1..<11).contains { row in terminal.style(row: row, column: 10).reverse })
        }
    }

    @Test("Enter opens the GetHotel details; Esc goes back")
    func detailView() async throws {
        let server = try await LiveServer.shared()
        let first = try await catalogPage(HotelQuery(), offset: 0, limit: 1).hotels[0]
        let detail = try #require(try await SQLiteCatalog(path: try await LiveServer.catalogPath(), baseURL: "").hotel(id: first.id))
        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            terminal.inject(.enter)
            let opening = String(detail.description.prefix(20))
            try await terminal.waitUntil("the description") { $0.joined().contains(opening) }
            let screen = terminal.screenLines.joined(separator: "\n")
            #expect(terminal.screenLines[0].contains(first.name))
            #expect(screen.contains(first.address))
            if let phone = first.phone { #expect(screen.contains(phone)) }
            #expect(screen.contains(first.amenities.joined(separator: ", ")))
            #expect(LogoSymbols.appear(in: screen))  // the larger logo
            terminal.inject(.escape)
            try await terminal.waitUntil("the table again") { $0[0].hasPrefix("Logo │ Name") }
        }
    }

    @Test("/ searches by name on the server; s sorts by the first sortable column")
    func searchAndSort() async throws {
        let server = try await LiveServer.shared()
        let query = HotelQuery(name: "Hotel")
        let byName = try await catalogPage(query, offset: 0, limit: 14)
        var sorted = query
        sorted.sortBy = .name
        let byNameOrder = try await catalogPage(sorted, offset: 0, limit: 14)
        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            terminal.inject(.char("/"))
            terminal.inject(bytes: Array("Hotel".utf8))
            try await terminal.waitUntil("the prompt") { $0.last?.contains("Name contains: Hotel") == true }
            terminal.inject(.enter)
            try await terminal.waitUntil("the name search") {
                $0.last?.contains("of \(PriceText.grouped(String(byName.totalCount)))") == true
            }
            #expect(terminal.names() == byName.hotels.map(\.name))
            #expect(terminal.statusText.contains("name “Hotel”"))
            terminal.inject(.char("s"))
            try await terminal.waitUntil("name order") { _ in
                terminal.statusText.contains("sort name") && terminal.names() == byNameOrder.hotels.map(\.name)
            }
        }
    }

    @Test("? shows the keys; any key closes the help")
    func help() async throws {
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            terminal.inject(.char("?"))
            try await terminal.waitUntil("the help") { $0.joined().contains("search by name") }
            terminal.inject(.char("x"))
            try await terminal.waitUntil("the help closed") { !$0.joined().contains("search by name") }
        }
    }

    @Test("near a point the table adds a Distance column, sortable, and s goes on from it to relevance")
    func distanceColumn() async throws {
        let query = HotelQuery(near: GeoCircle(latitude: 37.5665, longitude: 126.978, radiusKm: 15), sortBy: .distance)
        let expected = try await catalogPage(query, offset: 0, limit: 14)
        try #require(expected.totalCount > 14)
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint, query: query).run { terminal in
            try await terminal.waitUntil("the nearest hotels") { _ in terminal.names() == expected.hotels.map(\.name) }
            #expect(terminal.screenLines[0].hasSuffix("Distance ▲"))
            let first = try #require(expected.hotels.first?.distanceKm)
            #expect(terminal.screenLines[1].hasSuffix(HotelColumn.distanceText(first)))
            #expect(terminal.statusText.contains("sort distance"))
            terminal.inject(.char("s"))
            try await terminal.waitUntil("the next sort") { $0.last?.contains("sort relevance") == true }
            #expect(terminal.screenLines[0].hasSuffix("Distance"))
        }
    }

    @Test("the mouse wheel scrolls three rows a notch; a click selects a row")
    func mouse() async throws {
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint).run { terminal in
            try await terminal.waitUntil("the first page") { $0.last?.contains("row 1 of 3,000") == true }
            terminal.inject(bytes: Array("\u{1B}[<65;10;5M\u{1B}[<65;10;5M".utf8))  // SGR wheel down, twice
            try await terminal.waitUntil("row 7") { $0.last?.contains("row 7 of 3,000") == true }
            terminal.inject(bytes: Array("\u{1B}[<0;20;4M".utf8))  // left click on screen line 3 (0-based): row 2
            try await terminal.waitUntil("the clicked row") { $0.last?.contains("row 2 of 3,000") == true }
        }
    }
}
