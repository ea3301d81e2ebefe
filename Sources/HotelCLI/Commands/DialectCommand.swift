import ArgumentParser
import Foundation
import HotelDialectFiles
import HotelSOAP
import TerminalTable

/// `hotels dialect check D.yaml [RESPONSE.xml]`: what a person writing a dialect file runs
/// after each change. The file is checked whole as `--dialect` would check it; given a
/// saved response, each row it gives is shown field by field with the path the value came
/// from, so a path that matches nothing (or the wrong element) shows at once.
struct DialectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dialect",
        abstract: "Check a dialect file: another hotel SOAP service described in YAML.",
        discussion: """
            A dialect file says how a service's requests and responses look (paths to
            each field, a request template, errors, paging, auth), so search, browse and
            parse speak it with --dialect D.yaml, no code needed. The format is in
            docs/DIALECT-FILES.md; Dialects/ holds our own contract and OpenTravel's
            OTA_HotelAvailRS written as files.

            Examples:
              hotels dialect check Dialects/ota-avail.yaml
              hotels dialect check Dialects/ota-avail.yaml \\
                Samples/ota/avail-several-roomstays-soap12.xml
            """,
        subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a dialect file; with a saved response, show its rows and where each field came from.",
            discussion: """
                Without RESPONSE it prints 'D.yaml: ok (NAME; search: yes|no; details:
                yes|no; paging: offset|token|none)', or, for a file with a mistake, one
                line FILE:LINE:COLUMN: what is wrong, and exits 78 (66: no such file).

                With RESPONSE (- for standard input) it reads the response as
                'hotels parse RESPONSE --dialect D.yaml' would and prints every row: each
                field the file maps, its value, and the path it came from ((empty) when
                the path matched nothing). Then where the next page starts. It exits as
                parse would: 3 with the text of the business error the file's errors path
                finds (or of a SOAP fault), 65 for a response that is not well-formed or
                not one this file reads.

                Examples:
                  hotels dialect check Dialects/hotel-search.yaml
                  hotels dialect check Dialects/hotel-search.yaml \\
                    Samples/responses/search-ours-soap11.xml
                  hotels dialect check my-service.yaml saved.xml | less

                \(ExitStatus.helpTable)
                """)

        @Argument(help: ArgumentHelp("The dialect file (YAML).", valueName: "dialect-file"))
        var dialectFile: String

        @Argument(help: ArgumentHelp("A saved response to read with it, or - for standard input.", valueName: "response"))
        var response: String?

        func run() throws {
            let file: DialectFile
            do {
                file = try DialectFiles.read(dialectFile)
            } catch {
                throw Diagnostics.exitCode(for: error)
            }
            print(Self.summary(file, path: dialectFile))
            guard let response else { return }
            do {
                try Self.show(response: response, readBy: file)
            } catch {
                throw Diagnostics.exitCode(for: error, context: response == "-" ? "standard input" : response)
            }
        }

        /// `D.yaml: ok (OpenTravel; search: yes; details: no; paging: token)`.
        static func summary(_ file: DialectFile, path: String) -> String {
            func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }
            return "\(path): ok (\(file.name); search: \(yesNo(file.canSearch)); details: \(yesNo(file.hasDetails)); "
                + "paging: \(DialectFiles.pagingName(file)))"
        }

        /// Reads `response` with the file's reader, printing each row as it is handed out,
        /// then where the next page starts. Throws what the reader throws: a business error
        /// (`DialectServiceError`), a fault, a malformed response.
        static func show(response: String, readBy file: DialectFile) throws {
            let input = try InputFile(path: response)
            defer { input.close() }
            let paths = file.fieldPaths
            var rows = 0
            let reader = file.tracingReader { hotel, paths in
                rows += 1
                print(Self.rowLines(title: "row \(rows)", hotel, paths: paths).joined(separator: "\n"))
            }
            while let chunk = try input.read() {
                try chunk.withUnsafeBytes { try reader.feed($0) }
            }
            switch try reader.finish() {
            case .page(let page):
                for notice in page.notices { Diagnostics.printError("warning: \(notice)") }
                print(Self.pageLine(rows: rows, page))
            case .detail(let detail):
                print(Self.rowLines(title: "detail", detail.hotel, paths: paths).joined(separator: "\n"))
                let characters = detail.description.count
                print(characters == 0 ? "no description" : "description: \(characters) characters")
            }
        }

        /// A row's lines: its title, then one line per mapped field, `  field  value  path`,
        /// the values aligned by display width (CJK names take two cells a character).
        static func rowLines(title: String, _ hotel: HotelInfo, paths: [(field: String, path: String)]) -> [String] {
            let fieldWidth = (paths.map { $0.field.count }.max() ?? 0) + 2
            let values = paths.map { Self.shown(Self.value(of: $0.field, in: hotel)) }
            // A 500-character name would push every path off the screen: past 48 cells a
            // value stands on its own, its path two spaces after it.
            let valueWidth = min(values.map { DisplayWidth.of($0) }.max() ?? 0, 48) + 3
            var lines = [title]
            for (entry, value) in zip(paths, values) {
                let field = entry.field.padding(toLength: fieldWidth, withPad: " ", startingAt: 0)
                let gap = max(2, valueWidth - DisplayWidth.of(value))
                lines.append("  \(field)\(value)\(String(repeating: " ", count: gap))\(entry.path)")
            }
            return lines
        }

        /// A `HotelInfo` field as `dialect check` shows it, by the name a dialect file maps
        /// it under; numbers as the csv writes them.
        static func value(of field: String, in hotel: HotelInfo) -> String {
            switch field {
            case "id": hotel.id
            case "name": hotel.name
            case "address": hotel.address
            case "city": hotel.city
            case "country": hotel.country
            case "latitude": String(hotel.latitude)
            case "longitude": String(hotel.longitude)
            case "stars": String(hotel.stars)
            case "price": hotel.price.amountText
            case "currency": hotel.price.currency
            case "distance": hotel.distanceKm.map { "\($0) km" } ?? ""
            case "logo": hotel.logoURL ?? ""
            case "phone": hotel.phone ?? ""
            case "amenities": hotel.amenities.joined(separator: ", ")
            default: ""
            }
        }

        /// A value safe to print on one line: line breaks shown as ⏎, control and escape
        /// characters replaced (the response is someone else's text), nothing as "(empty)".
        static func shown(_ value: String) -> String {
            guard !value.isEmpty else { return "(empty)" }
            let oneLine = value.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
            return Sanitizer.standard.sanitize(oneLine)
        }

        /// `3 rows; 57 in all; next page: offset 3`, or `…; last page`.
        static func pageLine(rows: Int, _ page: ResultPage) -> String {
            var parts = ["\(rows) row\(rows == 1 ? "" : "s")"]
            if let total = page.totalCount { parts.append("\(total) in all") }
            switch page.next {
            case .offset(let offset)?: parts.append("next page: offset \(offset)")
            case .token(let token)?: parts.append("next page: token \(Self.shown(token))")
            case nil: parts.append("last page")
            }
            return parts.joined(separator: "; ")
        }
    }
}
