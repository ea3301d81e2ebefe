import Foundation
import HotelSOAP
import TerminalTable

/// Writes hotels as rows in one of the output formats, streaming for csv/tsv/json.
///
/// ```swift
/// let writer = HotelRowWriter(format: .csv, sink: .standardOutput())
/// try writer.write(hotel)        // the header, then one row, as soon as the hotel is parsed
/// try writer.end()               // the header alone if there were no rows
/// ```
///
/// The header waits for the first row or the end: when the request fails before any
/// hotel arrives, standard output stays empty instead of holding a header that a
/// script could take for a complete, empty result.
public final class HotelRowWriter {
    public let format: OutputFormat
    private let sink: OutputSink
    /// Rows handed to the sink so far (table rows count once printed at `end`).
    public private(set) var rowsWritten = 0
    private var tableRows: [[String]] = []
    private var headerWritten = false
    /// Replace what a terminal would act on (control characters, C1, bidi overrides) in
    /// every value, as the table does. Only for a terminal: files and pipes get the data exact.
    public let sanitizesForTerminal: Bool

    public init(format: OutputFormat, sink: OutputSink, sanitizesForTerminal: Bool = false) {
        self.format = format
        self.sink = sink
        self.sanitizesForTerminal = sanitizesForTerminal
    }

    private func writeHeaderOnce() throws(OutputError) {
        guard !headerWritten else { return }
        headerWritten = true
        switch format {
        case .csv: try sink.write(OutputFormat.columns.joined(separator: ",") + "\n")
        case .tsv: try sink.write(OutputFormat.columns.joined(separator: "\t") + "\n")
        case .json, .table: break
        }
    }

    public func write(_ hotel: HotelInfo) throws(OutputError) {
        let hotel = sanitizesForTerminal && format != .table ? hotel.sanitizedForTerminal : hotel
        try writeHeaderOnce()
        switch format {
        case .csv:
            try sink.write(hotel.columnValues.map(CSV.quote).joined(separator: ",") + "\n")
        case .tsv:
            try sink.write(hotel.columnValues.map(TSV.escape).joined(separator: "\t") + "\n")
        case .json:
            try sink.write(hotel.jsonLine + "\n")
        case .table:
            tableRows.append(hotel.tableValues)
            return
        }
        rowsWritten += 1
    }

    /// Hands the rows so far to the output now, e.g. while waiting for the network: a
    /// reader of a pipe sees each row soon after it arrives, not 64 KiB later.
    public func flush() throws(OutputError) {
        try sink.flush()
    }

    /// After a failure: flushes the rows already written (never a table: half a table
    /// would look complete).
    public func flushPartial() throws(OutputError) {
        try sink.flush()
    }

    /// Flushes everything. For `table`, this is when the aligned table is printed.
    public func end() throws(OutputError) {
        try writeHeaderOnce()
        if format == .table {
            try sink.write(TextTable.render(header: HotelInfo.tableHeader, rows: tableRows, rightAligned: HotelInfo.tableRightAligned))
            rowsWritten += tableRows.count
            tableRows = []
        }
        try sink.flush()
    }
}

extension HotelInfo {
    /// Every text field through `Sanitizer.standard`: a service's `ESC[2J` or U+202E must
    /// not clear or reverse the user's terminal.
    var sanitizedForTerminal: HotelInfo {
        let clean = Sanitizer.standard.sanitize
        var hotel = self
        hotel.id = clean(id)
        hotel.name = clean(name)
        hotel.address = clean(address)
        hotel.city = clean(city)
        hotel.country = clean(country)
        hotel.price.currency = clean(price.currency)
        hotel.logoURL = logoURL.map(clean)
        hotel.phone = phone.map(clean)
        hotel.amenities = amenities.map(clean)
        return hotel
    }

    /// The CSV/TSV columns, in order: a contract with scripts (README, "Formats"), so only ever append.
    var columnValues: [String] {
        [
            id, name, address, city, country, latitude.description, longitude.description,
            String(stars), price.amountText, price.currency,
            distanceKm.map(\.description) ?? "", logoURL ?? "",
        ]
    }

    static let tableHeader = ["ID", "NAME", "CITY", "COUNTRY", "STARS", "PRICE", "DISTANCE"]
    static let tableRightAligned: Set<Int> = [4, 5, 6]

    var tableValues: [String] {
        [
            id, name, city, country, String(repeating: "★", count: stars),
            PriceText.table(price),
            distanceKm.map { String(format: "%.1f km", $0) } ?? "",
        ]
    }

    /// One JSON object; `price` is a string so no consumer rounds it through a float.
    var jsonLine: String {
        var fields: [(String, JSONValue)] = [
            ("hotel_id", .string(id)), ("name", .string(name)), ("address", .string(address)),
            ("city", .string(city)), ("country", .string(country)),
            ("latitude", .number(latitude.description)), ("longitude", .number(longitude.description)),
            ("stars", .number(String(stars))), ("price", .string(price.amountText)),
            ("currency", .string(price.currency)),
            ("distance_km", distanceKm.map { .number($0.description) } ?? .null),
            ("logo_url", logoURL.map(JSONValue.string) ?? .null),
            ("phone", phone.map(JSONValue.string) ?? .null),
        ]
        fields.append(("amenities", .array(amenities.map(JSONValue.string))))
        return JSONValue.object(fields).text
    }
}

/// RFC 4180 quoting.
enum CSV {
    static func quote(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// TSV cannot quote: tabs, newlines and backslashes are escaped as `\t`, `\n`, `\r`, `\\`.
enum TSV {
    static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\\") }) else {
            return field
        }
        var out = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Just enough JSON writing for JSON Lines, with exact escaping.
indirect enum JSONValue {
    case string(String)
    case number(String)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    var text: String {
        switch self {
        case .string(let s): return JSONValue.quote(s)
        case .number(let n): return n
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields): return "{" + fields.map { JSONValue.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
