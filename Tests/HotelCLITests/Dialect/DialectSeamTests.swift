import Foundation
import HotelClient
import HotelSOAP
import Logging
import Testing

@testable import HotelBrowse
@testable import HotelCLI

/// The dialect seam, proved by a second dialect: `TokenPagedDialect` pages by
/// continuation token with no total, as OpenTravel does. `hotels search` (its writing
/// path) and the browse table must give the same rows as with our random-access contract.
@Suite("SOAPDialect: a sequential dialect drives search and the table")
struct DialectSeamTests {
    static let query = HotelQuery(city: "Seoul")

    /// What `hotels search --all` writes for `query`, through `dialect`.
    func searchCSV(
        dialect: any SOAPDialect, offset: Int = 0, limit: Int = .max, pageSize: Int
    ) async throws -> (csv: String, total: Int?) {
        let server = try await LiveServer.shared()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("seam-\(UUID().uuidString).csv")
        try #require(FileManager.default.createFile(atPath: file.path, contents: nil), "cannot create \(file.path)")
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let writer = HotelRowWriter(format: .csv, sink: OutputSink(fd: handle.fileDescriptor))
        let progress = Progress(enabled: false)
        let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let configuration = HotelSearchClient.Configuration(
            endpoint: URL(string: server.endpoint)!, dialect: dialect, timeout: 10, retries: 0)
        try await HotelSearchClient.with(configuration, logger: quiet) { client in
            try await SearchCommand.write(
                client: client, query: Self.query, offset: offset, limit: limit, pageSize: pageSize, into: writer, progress: progress)
        }
        try writer.end()
        try handle.close()
        return (try String(contentsOf: file, encoding: .utf8), progress.total)
    }

    @Test("search --all: every row once, in order, as with random access; no total")
    func walkAll() async throws {
        let tokens = try await searchCSV(dialect: TokenPagedDialect(), pageSize: 7)
        let offsets = try await searchCSV(dialect: HotelSearchDialect(), pageSize: 7)
        let rows = tokens.csv.split(separator: "\n")
        #expect(rows.count > 3 * 7, "the walk must cross several pages")
        #expect(tokens.csv == offsets.csv)
        #expect(tokens.total == nil)
        #expect(offsets.total == rows.count - 1)
    }

    @Test("--offset and --limit on a sequential dialect: skipped on the client, same rows")
    func offsetAndLimit() async throws {
        let tokens = try await searchCSV(dialect: TokenPagedDialect(), offset: 10, limit: 12, pageSize: 4)
        let offsets = try await searchCSV(dialect: HotelSearchDialect(), offset: 10, limit: 12, pageSize: 4)
        #expect(tokens.csv.split(separator: "\n").count == 13)
        #expect(tokens.csv == offsets.csv)
    }

    @Test("a sequential dialect refuses a page start it never handed out")
    func refusesOffsets() throws {
        #expect(throws: SOAPDialectError.pageStartNotSupported(dialect: "TokenPaged")) {
            try TokenPagedDialect().searchRequest(Self.query, page: PageRequest(start: .offset(50), size: 10), version: .v11)
        }
        #expect(throws: SOAPDialectError.pageStartNotSupported(dialect: "HotelSearch")) {
            try HotelSearchDialect().searchRequest(Self.query, page: PageRequest(start: .token("x"), size: 10), version: .v11)
        }
    }

    /// Every hotel of `query`, through our own contract.
    func allHotels(_ query: HotelQuery) async throws -> [HotelInfo] {
        let server = try await LiveServer.shared()
        var hotels: [HotelInfo] = []
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: server.endpoint)!, timeout: 10, retries: 0)
        try await HotelSearchClient.with(configuration) { client in
            try await client.walk(query, limit: .max, pageSize: 500) { hotels.append($0) }
        }
        return hotels
    }

    /// "row 7 of 150+" → (150, false); "row 7 of 1,234 ·" → (1234, true).
    static func count(in status: String) -> (rows: Int, final: Bool)? {
        guard let of = status.range(of: " of ") else { return nil }
        let rest = status[of.upperBound...]
        let digits = rest.prefix { $0.isNumber || $0 == "," }
        guard let rows = Int(digits.filter(\.isNumber)) else { return nil }
        return (rows, !rest.dropFirst(digits.count).hasPrefix("+"))
    }

    @Test("the table: the count grows page by page (50+), G reaches the true end")
    func browse() async throws {
        let server = try await LiveServer.shared()
        // The whole catalog, by name: 60 pages of 50.
        let query = HotelQuery(sortBy: .name)
        let everything = try await allHotels(query)
        #expect(everything.count > 100, "the test needs more than two pages of 50")
        var harness = BrowseHarness(endpoint: server.endpoint, query: query)
        harness.dialect = TokenPagedDialect()
        harness.images = .disabled
        let activity = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { _ in Self.count(in: terminal.statusText) != nil }
            let first = try #require(Self.count(in: terminal.statusText))
            #expect(!first.final && first.rows % 50 == 0, "\(terminal.statusText)")
            // Each G goes to the last known row, which asks for the page after it.
            while let known = Self.count(in: terminal.statusText), !known.final {
                terminal.inject(.char("G"))
                try await terminal.waitUntil("rows past \(known.rows)") { _ in
                    guard let now = Self.count(in: terminal.statusText) else { return false }
                    return now.rows > known.rows || now.final
                }
            }
            #expect(Self.count(in: terminal.statusText)?.rows == everything.count)
            terminal.inject(.char("G"))
            try await terminal.waitUntil("the last row") { _ in terminal.names(logoColumn: false).last == everything.last?.name }
        }
        // Sequential: each page asked for once, in order, none skipped.
        let pages = activity.pagesRequested
        #expect(pages == Array(0..<pages.count))
        #expect(pages.count == (everything.count + 49) / 50)
    }

    @Test("OpenTravel in the table: one G walks every page to the end with progress; Enter shows the row; s offers name and rate order")
    func browseOpenTravel() async throws {
        let server = try await LiveServer.shared()
        let query = HotelQuery(sortBy: .name)
        let everything = try await allHotels(query)
        #expect(everything.count > 1000, "the test needs many pages of 50")
        var harness = BrowseHarness(endpoint: server.url + "/ota", query: query)
        harness.dialect = OTADialect()
        harness.images = .disabled
        let activity = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { _ in Self.count(in: terminal.statusText) != nil }
            #expect(Self.count(in: terminal.statusText)?.final == false, "\(terminal.statusText)")
            terminal.inject(.char("G"))
            try await terminal.waitUntil("the walk's progress") { _ in terminal.statusText.contains("to the end: ") }
            try await terminal.waitUntil("the true end", timeout: .seconds(60)) { _ in
                Self.count(in: terminal.statusText).map { $0.final } == true
            }
            #expect(Self.count(in: terminal.statusText)?.rows == everything.count, "\(terminal.statusText)")
            #expect(!terminal.statusText.contains("to the end: "))
            try await terminal.waitUntil("the last row selected") { _ in
                terminal.statusText.contains("row \(PriceText.grouped(String(everything.count))) of")
            }
            #expect(terminal.names(logoColumn: false).last == everything.last?.name)
            // Rows already seen stay random access: back to the top without a request.
            terminal.inject(.char("g"))
            try await terminal.waitUntil("the first row") { _ in terminal.names(logoColumn: false).first == everything.first?.name }
            // Enter: OpenTravel has no details operation; the row's fields, its price for the stay.
            terminal.inject(.enter)
            try await terminal.waitUntil("the row's details") { lines in lines.contains { $0.contains("for the stay") } }
            #expect(terminal.screenLines.contains { $0.contains("OpenTravel has no details operation") })
            #expect(!terminal.screenLines.contains { $0.contains("Could not load") })
            terminal.inject(.escape)
            try await terminal.waitUntil("the table again") { _ in Self.count(in: terminal.statusText) != nil }
            // s: name → price (rate) → relevance; stars and distance are not OpenTravel orders.
            for expected in ["sort price", "sort relevance", "sort name"] {
                terminal.inject(.char("s"))
                try await terminal.waitUntil(expected) { _ in terminal.statusText.contains(expected) }
                #expect(!terminal.statusText.contains("⚠"), "\(terminal.statusText)")
            }
        }
        // Sequential: the walk asked for each page once, in order, none skipped.
        let walked = activity.pagesRequested.prefix((everything.count + 49) / 50)
        #expect(Array(walked) == Array(0..<walked.count))
        #expect(walked.count == (everything.count + 49) / 50)
    }
}
