import Foundation
import HotelBrowse
import HotelClient
import HotelSOAP
import Logging
import TerminalTable

/// `hotels browse` on the served catalog, in a 200×50 in-memory terminal: time to the
/// first paint of the table, and for `G` (the last row, on a page nobody fetched yet).
enum BrowseBench {
    struct Result {
        var firstPaint: Double
        var jumpToEnd: Double
    }

    static let width = 200
    static let height = 50

    /// Each run is a fresh session and client, as a new `hotels browse` would be.
    static func run(catalog: ServedCatalog, runs: Int) async throws -> Result {
        var firstPaints: [Double] = []
        var jumps: [Double] = []
        for _ in 0..<runs {
            let (first, jump) = try await once(endpoint: catalog.endpoint, total: catalog.hotels)
            firstPaints.append(first)
            jumps.append(jump)
        }
        return Result(firstPaint: Measure.median(firstPaints), jumpToEnd: Measure.median(jumps))
    }

    static func once(endpoint: String, total: Int) async throws -> (firstPaint: Double, jumpToEnd: Double) {
        let terminal = InMemoryTerminal(width: width, height: height)
        let quiet = Logger(label: "hotels-bench") { _ in SwiftLogNoOpLogHandler() }
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: endpoint)!, timeout: 30, retries: 0)
        return try await HotelSearchClient.with(configuration, logger: quiet) { client in
            var settings = BrowseSession.Settings(query: HotelQuery(), endpointLabel: endpoint)
            settings.images = .halfBlocks
            let session = BrowseSession(
                terminal: terminal, client: client, logos: client.logoFetcher(cacheDirectory: nil), settings: settings)
            let totalText = BenchFormat.grouped(total)
            let t0 = Measure.now()
            let running = Task { await session.run() }
            do {
                // The status line says "row 1 of 100,000" once the first page is drawn.
                try await waitUntil("the first paint", terminal) { $0.last?.contains("row 1 of \(totalText)") == true }
                let firstPaint = Measure.now() - t0
                let t1 = Measure.now()
                terminal.inject(.char("G"))
                try await waitUntil("the last row after G", terminal) { lines in
                    lines.last?.contains("row \(totalText) of \(totalText)") == true && lastRowLoaded(lines)
                }
                let jump = Measure.now() - t1
                terminal.inject(.char("q"))
                _ = await running.value
                return (firstPaint, jump)
            } catch {
                terminal.inject(.ctrl("c"))
                _ = await running.value
                throw error
            }
        }
    }

    /// The bottom row of the table shows a hotel, not the "…" a row still loading shows in
    /// every column. Only the first line of a two-line row has text in the Name column.
    static func lastRowLoaded(_ lines: [String]) -> Bool {
        let names = lines.dropFirst().dropLast().map { line in
            (line.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "").trimmingCharacters(in: .whitespaces)
        }
        guard let last = names.last(where: { !$0.isEmpty }) else { return false }
        return last != "…"
    }

    /// Polls the screen every millisecond, never blocking a thread.
    private static func waitUntil(_ what: String, _ terminal: InMemoryTerminal, timeout: Double = 60, _ condition: ([String]) -> Bool)
        async throws
    {
        let deadline = Measure.now() + timeout
        while !condition(terminal.screenLines) {
            guard Measure.now() < deadline else {
                throw BenchError("timed out waiting for \(what); screen:\n" + terminal.screenLines.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

extension BrowseBench.Result {
    func section(hotels: Int) -> BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "Browse",
            intro:
                "`BrowseSession` (what `hotels browse` runs) in a \(BrowseBench.width)×\(BrowseBench.height) `InMemoryTerminal`, half-block logos, "
                + "against `hotels serve` with \(BenchFormat.count(Double(hotels))) hotels; a fresh client per run.",
            header: ["what", "median"],
            rows: [
                [
                    "first paint (start → status line shows “row 1 of \(BenchFormat.count(Double(hotels)))”)",
                    BenchFormat.seconds(firstPaint),
                ],
                ["`G` → the last row drawn (its page fetched)", BenchFormat.seconds(jumpToEnd)],
            ])
    }
}
