import Foundation

/// A CSV file's header: which ``InventoryColumn`` each position holds. Checked whole before
/// any row: a name it does not know, a name twice, or a required column missing stops the
/// import at line 1.
///
/// ```swift
/// let header = try CSVHeader(names: ["hotel_id", "name", …], file: "hotels.csv", line: 1)
/// let values = try header.values(of: record)    // indexed by InventoryColumn.index
/// ```
struct CSVHeader {
    /// The column at each position; nil for columns read past (``InventoryColumn/Requirement/ignored``).
    let columns: [InventoryColumn?]
    let names: [String]
    let file: String
    /// Whether the header has `deleted`: then a deletion row may leave required columns empty,
    /// so their absence is a row's error, not the header's.
    let hasDeleted: Bool

    init(names: [String], file: String, line: Int) throws(InventoryError) {
        var columns: [InventoryColumn?] = []
        var seen: Set<String> = []
        for name in names {
            guard let column = InventoryColumn.named(name) else {
                let hint =
                    InventoryColumn.named(name.lowercased().trimmingCharacters(in: .whitespaces)).map { " (did you mean \($0.name)?)" }
                    ?? ""
                throw .invalidData(
                    file: file, line: line, column: name, "not a column\(hint): the columns are \(InventoryColumn.allNames)")
            }
            guard seen.insert(name).inserted else {
                throw .invalidData(file: file, line: line, column: name, "appears twice in the header")
            }
            columns.append(column.requirement == .ignored ? nil : column)
        }
        hasDeleted = seen.contains(InventoryColumn.deleted.name)
        guard seen.contains(InventoryColumn.hotelID.name) else {
            throw .invalidData(file: file, line: line, column: InventoryColumn.hotelID.name, "missing from the header: every row needs it")
        }
        if !hasDeleted, let missing = InventoryColumn.required.first(where: { !seen.contains($0.name) }) {
            throw .invalidData(
                file: file, line: line, column: missing.name,
                "missing from the header: every hotel needs \(InventoryColumn.required.map(\.name).joined(separator: ", "))")
        }
        self.columns = columns
        self.names = names
        self.file = file
    }

    /// A row's fields by column (``InventoryColumn/index``): nil where the header has no
    /// such column.
    func values(of record: CSVRecordReader.Record) throws(InventoryError) -> [String?] {
        guard record.fields.count == columns.count else {
            throw .invalidData(
                file: file, line: record.line,
                "the row has \(record.fields.count) fields, the header \(columns.count): quote a field that holds a comma")
        }
        var values = [String?](repeating: nil, count: InventoryColumn.all.count)
        for (position, column) in columns.enumerated() {
            if let column { values[column.index] = record.fields[position] }
        }
        return values
    }
}
