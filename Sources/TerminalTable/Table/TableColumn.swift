/// One column of a `TableView`: its header, how wide it is and how text is aligned.
///
/// ```swift
/// let columns = [
///     TableColumn("Logo", width: .fixed(6)),
///     TableColumn("Name", width: .flexible(min: 10)),
///     TableColumn("Price", width: .fixed(8), alignment: .right),
/// ]
/// ```
public struct TableColumn: Sendable, Equatable {
    /// How a column's width is decided.
    public enum Width: Sendable, Equatable {
        /// Always exactly this many cells (unless the screen is too narrow).
        case fixed(Int)
        /// At least `min` cells; leftover space is shared between flexible columns in
        /// proportion to `weight`.
        case flexible(min: Int, weight: Int = 1)
    }

    public var title: String
    public var width: Width
    public var alignment: TextAlignment

    public init(_ title: String, width: Width = .flexible(min: 1), alignment: TextAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}
