/// One row of a table: one content value per column, in column order.
/// Missing trailing cells are drawn empty.
///
/// ```swift
/// let row = TableRow([.text("Adlon"), .text("Berlin"), .text("€420")])
/// ```
public struct TableRow: Sendable, Equatable {
    public var cells: [TableCellContent]

    public init(_ cells: [TableCellContent]) {
        self.cells = cells
    }
}
