import Foundation
import HotelClient
import HotelSOAP
import HotelTestSupport
import Logging
import TerminalTable
import Testing

@testable import HotelBrowse
@testable import HotelCLI

/// A `BrowseSession` on an in-memory terminal, talking real HTTP to a real `hotels serve`,
/// its errors worded as `hotels browse` words them (`Diagnostics`).
struct BrowseHarness {
    var endpoint: String
    var query = HotelQuery()
    var width = 120
    var height = 30
    var images: ImageProtocol = .halfBlocks
    /// One cell in pixels, as a terminal would report it (sixel, iTerm2).
    var cellSize: PixelSize?
    var cacheDirectory: URL?
    var maxConcurrentLogos = 4
    var dialect: any SOAPDialect = HotelSearchDialect()
    var credentials: UsernameToken?
    var cache: ResponseCache?
    /// The client's connect and idle-read timeout. Generous: no browse test is about
    /// timeouts, and with the whole suite starting at once on two cores a page could wait
    /// more than 5 s for the server, which then failed the page for good (retries are 0).
    var timeout: Double = 30
    /// Called as each logo request goes out.
    var onLogoRequest: (@Sendable (URL) -> Void)?

    /// Runs the session while `body` drives it, then quits it with `q` and returns what it loaded.
    func run(_ body: (InMemoryTerminal) async throws -> Void) async throws -> BrowseActivity {
        let terminal = InMemoryTerminal(width: width, height: height)
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        var configuration = HotelSearchClient.Configuration(
            endpoint: URL(string: endpoint)!, dialect: dialect, timeout: timeout, retries: 0, credentials: credentials)
        configuration.cache = cache
        return try await HotelSearchClient.with(configuration, logger: quiet) { client in
            var fetcher = client.logoFetcher(cacheDirectory: cacheDirectory)
            fetcher.onRequest = onLogoRequest
            var settings = BrowseSession.Settings(query: query, endpointLabel: endpoint)
            settings.images = images
            settings.cellSize = cellSize
            settings.maxConcurrentLogos = maxConcurrentLogos
            let session = BrowseSession(
                terminal: terminal, client: client, logos: fetcher, settings: settings, describeError: { Diagnostics.classify($0).1 })
            let running = Task { await session.run() }
            do {
                try await body(terminal)
            } catch {
                terminal.inject(.ctrl("c"))
                _ = await running.value
                throw error
            }
            terminal.inject(.char("q"))
            return await running.value
        }
    }

    /// Runs the session like `run` and hands back its terminal, for checks on all that was
    /// written once the session ended (the images it deleted on the way out).
    func runKeepingTerminal(_ body: (InMemoryTerminal) async throws -> Void) async throws -> InMemoryTerminal {
        // `run` calls `body` in place, in this task: a plain local is enough.
        var known: InMemoryTerminal?
        _ = try await run { terminal in
            known = terminal
            try await body(terminal)
        }
        return try #require(known)
    }
}

extension InMemoryTerminal {
    /// Waits (without blocking a thread) until `condition` holds for the screen.
    ///
    /// The condition is checked again when the terminal was written to, and at least every
    /// quarter second for conditions that look elsewhere too. Rebuilding the screen's text
    /// and searching all that was written every 10 ms, in every waiting test at once, was
    /// most of the CPU the whole suite's browse sessions had on two cores, and their logos
    /// then outlasted the waits (issue 31).
    func waitUntil(_ what: String, timeout: Duration = .seconds(30), _ condition: ([String]) -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        var seen = changeCount
        var checked = ContinuousClock.now
        while !condition(screenLines) {
            while changeCount == seen, ContinuousClock.now - checked < .milliseconds(250) {
                guard ContinuousClock.now < deadline else {
                    throw TimedOut(description: "timed out waiting for \(what); screen:\n" + screenLines.joined(separator: "\n"))
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            seen = changeCount
            checked = ContinuousClock.now
        }
    }

    var statusText: String { screenLines.last ?? "" }

    /// The text of the Name column (after the logo column) on each body line that shows a row.
    func names(logoColumn: Bool = true) -> [String] {
        screenLines.dropFirst().dropLast().compactMap { line in
            let fields = line.split(separator: "│", omittingEmptySubsequences: false)
            let index = logoColumn ? 1 : 0
            guard fields.count > index + 1 else { return nil }
            let name = fields[index].trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
    }
}

/// Block-symbol logos on screen: any symbol of a `SymbolSet` but the blank.
enum LogoSymbols {
    static let characters: Set<Character> = Set(SymbolSet.allCases.flatMap(\.characters)).subtracting([" "])

    static func isSymbol(_ text: String) -> Bool {
        text.count == 1 && characters.contains(text.first!)
    }

    /// A cell of a logo: a block symbol, or a blank painted in a colour of its own (a
    /// part of the logo in one colour). The selected row's blanks are reversed, not
    /// painted.
    static func isLogo(_ cell: Cell) -> Bool {
        isSymbol(cell.text) || (cell.text == " " && cell.style.background != nil && !cell.style.reverse)
    }

    static func appear(in text: String) -> Bool {
        text.contains { characters.contains($0) && !"│─".contains($0) }
    }
}
