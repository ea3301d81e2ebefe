import ArgumentParser
import Foundation
import HotelBrowse
import HotelDialectFiles
import HotelSOAP

/// `hotels parse FILE`: the hotels of a saved SOAP response, offline.
struct ParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Print the hotels of a saved SOAP response (offline).",
        discussion: """
            Reads a SearchHotelsResponse or GetHotelResponse (SOAP 1.1 or 1.2) from FILE,
            or from standard input when FILE is -, and prints its hotels as they are
            parsed. An OpenTravel OTA_HotelAvailRS is recognised by its element in the
            Body: one row per hotel at its cheapest RoomStay; its Warnings go to standard
            error. A fault, or OpenTravel Errors, is printed to standard error with its
            code, reason and detail. A reader that stops early (| head) ends it quietly
            with exit 0; --strict-pipe makes that exit 74.

            --dialect reads FILE as that dialect instead: hotelsearch, ota, or a dialect
            file describing another service's responses (docs/DIALECT-FILES.md; check
            one with hotels dialect check).

            Examples:
              hotels parse Samples/responses/search-korean.xml
              hotels parse Samples/ota/avail-response-soap11.xml
              hotels parse saved.xml --format json
              curl -s ... | hotels parse - --format tsv
              hotels parse Samples/ota/avail-warnings-soap11.xml \\
                --dialect Dialects/ota-avail.yaml

            \(ExitStatus.helpTable)
            """
    )

    @Argument(help: "A saved SOAP response, or - for standard input.")
    var file: String

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .csv

    @Option(
        help: ArgumentHelp(
            "Read FILE as hotelsearch, ota or a dialect file (D.yaml, docs/DIALECT-FILES.md). Default: by the Body's element.",
            valueName: "name|file"))
    var dialect: DialectChoice?

    @OptionGroup var pipe: PipeOptions

    func run() async throws {
        // A dialect file is read before the response: one with a mistake is named alone.
        let chosen: (any SOAPDialect)?
        do {
            chosen = try dialect?.load()
        } catch {
            throw Diagnostics.exitCode(for: error)
        }
        let writer = HotelRowWriter(
            format: format, sink: .standardOutput(), sanitizesForTerminal: isatty(STDOUT_FILENO) == 1,
            tableWidth: format == .table ? TerminalColumns.ofStandardOutput() : nil)
        do {
            try ParseCommand.parse(file: file, into: writer, dialect: chosen)
        } catch {
            // The reader has gone (| head): stop reading the file, quietly (`PipeOptions`).
            if pipe.endsQuietly(after: error) { throw ExitCode.success }
            // Rows parsed before the error are complete and correct: let them out, then
            // say plainly that the output stops short.
            try? writer.flushPartial()
            let rows = writer.rowsWritten
            let context = file == "-" ? "standard input" : file
            let code = Diagnostics.exitCode(for: error, context: context)
            let refusal = error is SOAPFault || error is OTAErrorResponse || error is DialectServiceError
            if rows > 0 && !refusal && !PipeOptions.isClosedPipe(error) {
                Diagnostics.printError("\(rows) row(s) were written before the error; the output is incomplete")
            }
            throw code
        }
    }

    /// Reads `file` with the reader of the dialect its Body element belongs to (or of
    /// `dialect`, when given), writing each hotel as it is parsed.
    static func parse(file: String, into writer: HotelRowWriter, dialect: (any SOAPDialect)? = nil) throws {
        let input = try InputFile(path: file)
        defer { input.close() }
        // Chunks read before the Body's element was seen: replayed into the chosen reader.
        var pending: [ArraySlice<UInt8>] = []
        var chosen = dialect
        if chosen == nil {
            let sniffer = SOAPMessageParser()
            while chosen == nil, let chunk = try input.read() {
                pending.append(chunk)
                do {
                    try chunk.withUnsafeBytes { try sniffer.feed($0) }
                } catch {
                    // Not ours (or broken): the body element, if seen, decides; the chosen
                    // reader reports the error itself.
                    chosen = Self.dialect(for: sniffer.bodyElement)
                }
                if let element = sniffer.bodyElement { chosen = Self.dialect(for: element) }
            }
        }
        let reader = (chosen ?? HotelSearchDialect()).responseReader { hotel in try writer.write(hotel) }
        for chunk in pending {
            try chunk.withUnsafeBytes { try reader.feed($0) }
        }
        try writer.flush()
        while let chunk = try input.read() {
            try chunk.withUnsafeBytes { try reader.feed($0) }
            // `curl … | hotels parse -`: each row reaches the pipe as its hotel arrives.
            try writer.flush()
        }
        let response = try reader.finish()
        switch response {
        case .page(let page):
            // Hotels were written as they were parsed. What the service remarked without
            // refusing (OpenTravel's Warnings, a dialect file's `warnings`) goes to stderr.
            for notice in page.notices { Diagnostics.printError("warning: \(notice)") }
        case .detail(let detail):
            try writer.write(detail.hotel)
        }
        try writer.end()
    }

    /// The dialect whose response `element` is: by namespace URI and local name, never by
    /// prefix or text. Ours when unknown: its reader names what the Body holds.
    static func dialect(for element: SOAPBodyElement?) -> any SOAPDialect {
        if element == SOAPBodyElement(name: OTA.availResponse, namespace: OTA.namespace) { return OTADialect() }
        return HotelSearchDialect()
    }
}
