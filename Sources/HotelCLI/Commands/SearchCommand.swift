import ArgumentParser
import Foundation
import HotelBrowse
import HotelClient
import HotelSOAP
import Synchronization

/// `hotels search`: a query for scripts, streamed as rows as the response arrives.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the service and print the hotels as CSV, TSV, JSON Lines or a table.",
        discussion: """
            Rows are written while the response is still arriving. With --all every page is
            fetched (the next one while the current one is written) until the whole result
            has been printed, in memory that does not grow with the result.

            https endpoints must present a certificate from a CA the system trusts (or
            SSL_CERT_FILE's), or one given with --cacert. http_proxy, https_proxy and
            no_proxy are honoured; the proxy is asked for a CONNECT tunnel, for http://
            endpoints too. Redirects (301, 302, 307, 308) are followed up to 5 times and
            keep the POST and its body. gzip or deflate responses are inflated as they
            stream; --max-response-size counts the inflated bytes.

            Examples:
              hotels search --endpoint http://127.0.0.1:8080/soap --city Seoul
              hotels search --endpoint https://hotels.internal/soap \\
                --cacert company-ca.pem --city Oslo
              hotels search --wsdl http://127.0.0.1:8080/wsdl --near 35.68,139.76 \\
                --radius 5 --sort distance --format table
              hotels search --endpoint http://127.0.0.1:8080/soap --all \\
                --format json > hotels.jsonl
              hotels search --endpoint http://127.0.0.1:8080/soap --all \\
                --max-time 60 > hotels.csv
              hotels search --endpoint "$URL" --username agent7 --password-file pw.txt

            OpenTravel partners (OTA_HotelAvailRQ) are spoken with --dialect ota, or found
            from their WSDL. Pages then come one after another (MoreDataEchoToken), prices
            are the cheapest room for the stay, --sort takes name or price only, --amenity
            goes as an OpenTravel HAC code, and --city-code sends an IATA city code. Their
            Warnings go to standard error; their Errors exit 3 as faults do.
              hotels search --wsdl 'http://127.0.0.1:8080/ota?wsdl' --city Lisbon
              hotels search --endpoint http://127.0.0.1:8080/ota --dialect ota --all

            Any other service is spoken through a dialect file that describes it
            (docs/DIALECT-FILES.md; test one with hotels dialect check FILE):
              hotels search --endpoint http://127.0.0.1:8080/soap --all \\
                --dialect Dialects/hotel-search.yaml

            --username signs each request with a WS-Security UsernameToken (or sends it
            as HTTP Basic, for a dialect file with auth: basic); the password comes from
            HOTELS_PASSWORD or --password-file, never from the command line.

            A failure part-way exits non-zero and says how many rows were written. A reader
            that stops early (| head) ends the search quietly with exit 0; --strict-pipe
            makes that exit 74.

            \(ExitStatus.helpTable)
            """
    )

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var pipe: PipeOptions

    @Option(help: "Print at most this many rows (default 50, or everything with --all).")
    var limit: Int?

    @Flag(help: "Walk every page until the whole result is printed.")
    var all = false

    @Option(help: "Start at this row of the result.")
    var offset = 0

    @Option(help: "Hotels per request (1…500).")
    var pageSize: Int?

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .csv

    @Option(help: ArgumentHelp("Give up after this many seconds in all, as curl's --max-time (exit 75).", valueName: "seconds"))
    var maxTime: Double?

    func validate() throws {
        if let maxTime, !(maxTime > 0) { throw ValidationError("--max-time must be more than 0 seconds") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let pageSize, !(1...HotelQuery.maxLimit).contains(pageSize) { throw ValidationError("--page-size must be 1…500") }
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more") }
        _ = try filters.query()
    }

    func run() async throws {
        guard let maxTime else { return try await search(expiry: nil) }
        let expiry = Expiry()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await search(expiry: expiry) }
            group.addTask {
                try? await Task.sleep(for: .seconds(maxTime))
                if !Task.isCancelled { expiry.expire() }
            }
            // Whichever ends first: the search (done, or failed), or the clock, which then
            // cancels the search; it reports the expiry itself, with the rows it wrote.
            try await group.next()
            group.cancelAll()
            try await group.waitForAll()
        }
    }

    private func search(expiry: Expiry?) async throws {
        let query = try filters.query()
        let writer = HotelRowWriter(
            format: format, sink: .standardOutput(), sanitizesForTerminal: isatty(STDOUT_FILENO) == 1,
            tableWidth: format == .table ? TerminalColumns.ofStandardOutput() : nil, showsDistance: query.near != nil)
        // As curl's meter: only when the rows go elsewhere, or it would be drawn over them.
        let progress = Progress(enabled: all && isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) != 1)
        do {
            let configuration = try await connection.configuration(command: "search")
            let wanted = limit ?? (all ? Int.max : 50)
            let pageSize = self.pageSize ?? min(wanted, HotelQuery.maxLimit)
            var total: Int?
            let more = try await HotelSearchClient.with(configuration, logger: connection.logger) { client in
                try await Self.write(
                    client: client, query: query, offset: offset, limit: wanted, pageSize: pageSize, into: writer, progress: progress
                ) { total = $0 }
            }
            progress.finish()
            try writer.end()
            if format == .table, more {
                StandardStream.error(Self.notShownNotice(shown: writer.rowsWritten, offset: offset, total: total) + "\n")
            }
        } catch {
            progress.finish()
            // The reader has gone (| head): stop here, quietly (`PipeOptions`). Thrown out of
            // the walk, the error has already abandoned the response.
            if pipe.endsQuietly(after: error) { throw ExitCode.success }
            try? writer.flushPartial()
            var error = error
            if let expiry, expiry.hasExpired, let maxTime {
                error = CommandFailure(
                    status: .timeout,
                    message:
                        "the search did not finish within --max-time \(maxTime == maxTime.rounded() ? String(Int(maxTime)) : String(maxTime)) s"
                )
            }
            let code = Diagnostics.exitCode(for: error)
            // A closed pipe's one line already says the output stops short (--strict-pipe).
            if writer.rowsWritten > 0 && !PipeOptions.isClosedPipe(error) {
                Diagnostics.printError("\(writer.rowsWritten) row(s) were written before the error; the output is incomplete")
            }
            throw code
        }
    }
}

extension SearchCommand {
    /// Streams the result into `writer`, flushing as each chunk of the response has been
    /// read so rows reach a pipe while the rest is still in transit.
    /// Returns true when the result holds rows past `limit`.
    @discardableResult
    static func write(
        client: HotelSearchClient, query: HotelQuery, offset: Int, limit: Int, pageSize: Int, into writer: HotelRowWriter,
        progress: Progress, onTotal: (Int?) -> Void = { _ in }
    ) async throws -> Bool {
        try await client.walk(query, from: offset, limit: limit, pageSize: pageSize) { hotel in
            try writer.write(hotel)
            progress.update(rows: writer.rowsWritten)
        } afterChunk: {
            try writer.flush()
        } onTotal: {
            progress.total = $0
            onTotal($0)
        } onNotice: { notice in
            progress.finish()  // the meter's line gives way; it comes back with the next rows
            Diagnostics.printError("warning: \(notice)")
        }
    }

    /// `50 of 308 shown; --all prints every row`: a table that stopped at the limit says so,
    /// on stderr, so the rows on stdout stay the rows.
    static func notShownNotice(shown: Int, offset: Int, total: Int?) -> String {
        let rows = PriceText.grouped(String(shown))
        let start = offset > 0 ? " from row \(PriceText.grouped(String(offset + 1)))" : ""
        guard let total else { return "\(rows) shown\(start), more exist; --all prints every row" }
        return "\(rows) of \(PriceText.grouped(String(total))) shown\(start); --all prints every row"
    }
}

/// Set once `--max-time` has passed.
final class Expiry: Sendable {
    private let expired = Atomic<Bool>(false)

    func expire() { expired.store(true, ordering: .relaxed) }
    var hasExpired: Bool { expired.load(ordering: .relaxed) }
}

/// `12,500 / 100,000 rows` on stderr, when stderr is a terminal.
final class Progress: @unchecked Sendable {
    let enabled: Bool
    var total: Int?
    private var lastDraw = 0.0
    private var shown = false

    init(enabled: Bool) { self.enabled = enabled }

    func update(rows: Int) {
        guard enabled else { return }
        let now = Date().timeIntervalSince1970
        guard now - lastDraw > 0.1 else { return }
        lastDraw = now
        shown = true
        let of = total.map { " / \($0)" } ?? ""
        StandardStream.error("\r\(rows)\(of) rows")
    }

    func finish() {
        if shown { StandardStream.error("\r\u{1B}[K") }
        shown = false
    }
}
