import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import TerminalTable
import Testing

@testable import HotelBrowse

/// What the table downloads, and what it does when downloads fail.
@Suite("hotels browse: lazy loading", .serialized)
struct BrowseLoadingTests {
    /// Thread-safe list of the logo URLs requested.
    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [URL] = []
        func append(_ url: URL) { lock.withLock { urls.append(url) } }
        var all: [URL] { lock.withLock { urls } }
        var ids: [String] { all.map { $0.deletingPathExtension().lastPathComponent } }
    }

    /// Body lines whose logo column shows a picture.
    static func rowsWithPictures(_ terminal: InMemoryTerminal) -> Int {
        stride(from: 1, to: terminal.size.height - 1, by: 2).filter { row in
            LogoSymbols.isLogo(terminal.cell(row: row, column: 0)) || LogoSymbols.isLogo(terminal.cell(row: row + 1, column: 0))
        }.count
    }

    @Test("scrolling through 1,000 rows quickly downloads logos only for the rows on screen")
    func fastScroll() async throws {
        let catalog = try SQLiteCatalog(path: try await LiveServer.catalogPath(), baseURL: "")
        var order: [String] = []
        for offset in stride(from: 0, to: 1100, by: 500) {
            var query = HotelQuery()
            query.offset = offset
            query.limit = 500
            order += try await catalog.search(query).hotels.map(\.id)
        }
        let requests = Requests()
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.onLogoRequest = { requests.append($0) }
        // About which logos are fetched, not how fast: CI, with the whole suite starting at
        // once on two cores, saw the first screen's logos still loading at 30 s.
        harness.timeout = 60
        let activity = try await harness.run { terminal in
            try await terminal.waitUntil("the first logos", timeout: .seconds(120)) { _ in Self.rowsWithPictures(terminal) == 14 }
            let firstScreen = requests.all.count
            // Key repeat: a thousand presses arrive faster than the table can draw them.
            terminal.inject(bytes: Array(repeating: UInt8(ascii: "j"), count: 1000))
            try await terminal.waitUntil("row 1,001") { $0.last?.contains("row 1,001 of 3,000") == true }
            // Once scrolling settles the visible rows get their logos.
            try await terminal.waitUntil("the logos after settling") { _ in Self.rowsWithPictures(terminal) == 14 }
            let scrolled = requests.all.count - firstScreen
            #expect(firstScreen == 14)
            #expect(scrolled <= 14 + 8, "downloads during and after the scroll: \(scrolled)")
        }
        // Every download was for a row on the first or the last screen, give or take a few.
        let final = 987..<1001
        for id in requests.ids {
            let row = try #require(order.firstIndex(of: id))
            #expect((0..<14).contains(row) || (final.lowerBound - 8..<final.upperBound + 8).contains(row), "row \(row) downloaded")
        }
        #expect(activity.logosStarted.allSatisfy { $0.visible.contains($0.row) })
        // Pages: the ones the viewport crossed, most cancelled on the way; never all of them twice.
        #expect(activity.pagesRequested.count <= 25)
    }

    @Test("when the service goes away the table keeps running, marks failures once, and r retries")
    func serviceGoesAway() async throws {
        let first = try await LiveServer.start()
        let port = try #require(URL(string: first.url)?.port)
        let requests = Requests()
        var harness = BrowseHarness(endpoint: first.endpoint)
        harness.onLogoRequest = { requests.append($0) }
        var lastRows = HotelQuery()
        lastRows.offset = 2986
        lastRows.limit = 14
        let expectedLast = try await SQLiteCatalog(path: try await LiveServer.catalogPath(), baseURL: "").search(lastRows).hotels.map(
            \.name)

        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first logos") { _ in Self.rowsWithPictures(terminal) == 14 }
            try await terminal.waitUntil("page 1 prefetched") { $0.last?.contains("pages 2 ·") == true }
            try await first.stop()

            // Rows 14…27 are loaded (page 0) but their logos are not: they fail, once each.
            terminal.inject(.pageDown)
            try await terminal.waitUntil("failure marks") { lines in
                lines.dropFirst().filter { $0.hasPrefix("✗") }.count == 14 && lines.last?.contains("⚠") == true
            }
            let afterFailure = requests.all.count
            for _ in 0..<5 { terminal.inject(.down, .up) }
            // A quiet period, not a wait for an event: nothing must be requested, and nothing
            // on screen would show the look that could do it. The moves count as fast
            // scrolling, so the session holds logo loads and looks again one settle window
            // later (ScrollVelocityTracker's); twice that window covers the second look.
            try await Task.sleep(for: ScrollVelocityTracker().window * 2)
            #expect(requests.all.count == afterFailure, "failed logos were requested again without r")
            #expect(terminal.statusText.contains("cannot reach"))

            // A page that cannot load: placeholders, an error, and keys still work.
            terminal.inject(.char("G"))
            try await terminal.waitUntil("the page error") { $0.last?.contains("row 3,000 of 3,000") == true && $0[1].contains("…") }
            terminal.inject(.char("?"))
            try await terminal.waitUntil("the help, still responsive") { $0.joined().contains("search by name") }
            terminal.inject(.escape)

            let second = try await LiveServer.start(port: port)
            defer { second.kill() }
            terminal.inject(.char("r"))
            try await terminal.waitUntil("the last rows after r") { _ in terminal.names() == expectedLast }
            try await terminal.waitUntil("their logos") { _ in Self.rowsWithPictures(terminal) == 14 }
            #expect(!terminal.statusText.contains("⚠"))
        }
    }

    @Test("corrupt images and absurd dimensions become the failure mark; a good logo is drawn")
    func badImages() async throws {
        let server = try await MisbehavingServer("", script: "logo_server.py")
        _ = try await BrowseHarness(endpoint: server.url).run { terminal in
            try await terminal.waitUntil("three rows") { _ in terminal.names() == ["Good Logo Inn", "Corrupt Logo Inn", "Huge Logo Inn"] }
            try await terminal.waitUntil("the logos settled") { $0.last?.contains("logos 0 loading") == true }
            #expect(terminal.screenLines[3].hasPrefix("✗"))
            #expect(terminal.screenLines[5].hasPrefix("✗"))
            #expect(terminal.statusText.contains("⚠ logo:"))
            // The 8×8 red square is scaled to fill the 4×2-cell logo box: every cell red.
            #expect(LogoSymbols.isLogo(terminal.cell(row: 1, column: 0)))
            let style = terminal.style(row: 1, column: 0)
            #expect(style.foreground == RGB(200, 40, 40) || style.background == RGB(200, 40, 40))
        }
    }
}
