import Foundation
import HotelBrowse
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
    private var headerWritten = false
    /// `table`: rows held until the column widths are known (`tableBlock` rows or the end),
    /// each with a cell for every column of `printedColumns`; later rows are fitted to those
    /// widths as they come, so memory stays bounded.
    private var tableRows: [[String]] = []
    private var tableWidths: [Int]?
    /// `table`: the columns printed and which of them align right, known with the widths.
    private var tableColumns: [HotelColumn] = []
    private var tableRightAligned: Set<Int> = []
    static let tableBlock = 1000
    /// Replace what a terminal would act on (control characters, C1, bidi overrides) in
    /// every value, as the table does. Only for a terminal: files and pipes get the data exact.
    public let sanitizesForTerminal: Bool
    /// `table`: how wide it may be (a terminal's width); nil for no limit.
    public let tableWidth: Int?
    /// `table`: whether the DISTANCE column is shown; nil decides from the first rows
    /// (shown when any has a distance).
    public private(set) var showsDistance: Bool?

    public init(
        format: OutputFormat, sink: OutputSink, sanitizesForTerminal: Bool = false, tableWidth: Int? = nil, showsDistance: Bool? = nil
    ) {
        self.format = format
        self.sink = sink
        self.sanitizesForTerminal = sanitizesForTerminal
        self.tableWidth = tableWidth
        self.showsDistance = showsDistance
    }

    /// Every column the printed table may show (`HotelColumn`), DISTANCE last: the rows held
    /// for their widths have all of them, and lose the last when it is not shown.
    private static let printedColumns = HotelColumn.columns(of: .printed, showsDistance: true)

    private func tableRow(_ values: [String]) -> [String] {
        showsDistance == true ? values : Array(values.dropLast())
    }

    private func writeHeaderOnce() throws(OutputError) {
        guard !headerWritten else { return }
        headerWritten = true
        switch format {
        case .csv: try sink.write(RowEncoder.columns.joined(separator: ",") + "\n")
        case .tsv: try sink.write(RowEncoder.columns.joined(separator: "\t") + "\n")
        case .json, .table: break
        }
    }

    public func write(_ hotel: HotelInfo) throws(OutputError) {
        // Not `let hotel = sanitizing ? hotel.sanitized : hotel`: that copy retained and
        // released each of the hotel's strings for every row written as it came.
        if sanitizesForTerminal && format != .table { return try writeRow(hotel.sanitizedForTerminal) }
        try writeRow(hotel)
    }

    private func writeRow(_ hotel: HotelInfo) throws(OutputError) {
        try writeHeaderOnce()
        switch format {
        case .csv: try sink.append { RowEncoder.csv(hotel, into: &$0) }
        case .tsv: try sink.append { RowEncoder.tsv(hotel, into: &$0) }
        case .json: try sink.append { RowEncoder.json(hotel, into: &$0) }
        case .table:
            guard let widths = tableWidths else {
                tableRows.append(TextTable.sanitized(Self.printedColumns.map { $0.text(for: hotel) }))
                if tableRows.count >= Self.tableBlock { try writeTableBlock() }
                return
            }
            let row = TextTable.sanitized(tableColumns.map { $0.text(for: hotel) })
            try sink.write(TextTable.line(row, widths: widths, rightAligned: tableRightAligned))
        }
        rowsWritten += 1
    }

    /// The header, the rule and the rows held so far, with widths from those rows.
    private func writeTableBlock() throws(OutputError) {
        if showsDistance == nil { showsDistance = tableRows.contains { !($0.last ?? "").isEmpty } }
        let columns = HotelColumn.columns(of: .printed, showsDistance: showsDistance == true)
        let header = columns.map { $0.title(in: .printed) }
        let rightAligned = Set(columns.indices.filter { columns[$0].alignment(in: .printed) == .right })
        let rows = tableRows.map(tableRow)
        var widths = TextTable.widths(header: header, rows: rows)
        if let tableWidth {
            // The flexible columns give way, in the model's order, down to their minimums.
            let shrinkable: [(column: Int, minimum: Int)] = HotelColumn.printedGivesWay.compactMap { column in
                columns.firstIndex(of: column).map { (column: $0, minimum: column.minimumWidth ?? 0) }
            }
            widths = TextTable.fit(widths, into: tableWidth, shrinkable: shrinkable)
        }
        tableWidths = widths
        tableColumns = columns
        tableRightAligned = rightAligned
        try sink.write(TextTable.line(header, widths: widths, rightAligned: rightAligned))
        try sink.write(TextTable.rule(widths: widths))
        for row in rows { try sink.write(TextTable.line(row, widths: widths, rightAligned: rightAligned)) }
        rowsWritten += tableRows.count
        tableRows = []
    }

    /// Hands the rows so far to the output now, e.g. while waiting for the network: a
    /// reader of a pipe sees each row soon after it arrives, not 64 KiB later.
    public func flush() throws(OutputError) {
        try sink.flush()
    }

    /// After a failure: flushes the rows already written. Table rows still held for their
    /// widths stay unprinted: a short table would look complete.
    public func flushPartial() throws(OutputError) {
        try sink.flush()
    }

    /// Flushes everything. For `table`, the rows held for their widths are printed now.
    public func end() throws(OutputError) {
        try writeHeaderOnce()
        if format == .table && tableWidths == nil { try writeTableBlock() }
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
        hotel.rooms = rooms.map { room in
            var room = room
            room.roomTypeCode = room.roomTypeCode.map(clean)
            room.roomName = room.roomName.map(clean)
            room.ratePlanCode = room.ratePlanCode.map(clean)
            room.total.currency = clean(room.total.currency)
            return room
        }
        return hotel
    }
}
