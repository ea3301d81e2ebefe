/// Supplies rows to a `TableView`, possibly lazily.
///
/// Rows can arrive over time: return `nil` from `row(at:)` for a row that is not loaded
/// yet and it is drawn as a placeholder; once you have it, render again.
///
/// ```swift
/// struct Fruits: TableDataSource {
///     let names = ["Apple", "Banana"]
///     var rowCount: Int? { names.count }
///     func row(at index: Int) -> TableRow? { TableRow([.text(names[index])]) }
/// }
/// ```
public protocol TableDataSource: Sendable {
    /// Number of rows, or `nil` while not known yet.
    var rowCount: Int? { get }

    /// The row at `index`, or `nil` if it is not loaded yet.
    func row(at index: Int) -> TableRow?
}

/// A fixed list of rows, for simple tables and tests.
///
/// ```swift
/// let source = StaticTableDataSource(rows: [TableRow([.text("a")])])
/// ```
public struct StaticTableDataSource: TableDataSource {
    public var rows: [TableRow]

    public init(rows: [TableRow]) {
        self.rows = rows
    }

    public var rowCount: Int? { rows.count }

    public func row(at index: Int) -> TableRow? {
        rows.indices.contains(index) ? rows[index] : nil
    }
}
