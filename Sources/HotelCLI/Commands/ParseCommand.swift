import ArgumentParser
import Foundation
import HotelSOAP

/// `hotels parse FILE`: the hotels of a saved SOAP response, offline.
struct ParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Print the hotels of a saved SOAP response (offline).",
        discussion: """
            Reads a SearchHotelsResponse or GetHotelResponse (SOAP 1.1 or 1.2) from FILE, or
            from standard input when FILE is -, and prints its hotels as they are parsed.
            A fault is printed to standard error with its code, reason and detail.

            Examples:
              hotels parse Samples/responses/search-korean.xml
              hotels parse saved.xml --format json
              curl -s ... | hotels parse - --format tsv

            \(ExitStatus.helpTable)
            """
    )

    @Argument(help: "A saved SOAP response, or - for standard input.")
    var file: String

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .csv

    func run() async throws {
        let writer = HotelRowWriter(
            format: format, sink: .standardOutput(), sanitizesForTerminal: isatty(STDOUT_FILENO) == 1,
            tableWidth: format == .table ? TerminalColumns.ofStandardOutput() : nil)
        do {
            try ParseCommand.parse(file: file, into: writer)
        } catch {
            // Rows parsed before the error are complete and correct: let them out, then
            // say plainly that the output stops short.
            try? writer.flushPartial()
            let rows = writer.rowsWritten
            let context = file == "-" ? "standard input" : file
            let code = Diagnostics.exitCode(for: error, context: context)
            if rows > 0 && !(error is SOAPFault) {
                Diagnostics.printError("\(rows) row(s) were written before the error; the output is incomplete")
            }
            throw code
        }
    }

    /// Reads `file` with the dialect's reader, writing each hotel as it is parsed.
    static func parse(file: String, into writer: HotelRowWriter, dialect: any SOAPDialect = HotelSearchDialect()) throws {
        let input = try InputFile(path: file)
        defer { input.close() }
        let reader = dialect.responseReader { hotel in try writer.write(hotel) }
        while let chunk = try input.read() {
            try chunk.withUnsafeBytes { try reader.feed($0) }
            // `curl … | hotels parse -`: each row reaches the pipe as its hotel arrives.
            try writer.flush()
        }
        switch try reader.finish() {
        case .page:
            break  // hotels were written as they were parsed
        case .detail(let detail):
            try writer.write(detail.hotel)
        }
        try writer.end()
    }
}
