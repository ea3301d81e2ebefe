/// The bottom line of a `TableView`: text on the left and on the right.
///
/// ```swift
/// let status = StatusLine(left: "42 hotels", right: "↑↓ move  ? help  q quit")
/// ```
public struct StatusLine: Sendable, Equatable {
    public var left: String
    public var right: String

    public init(left: String = "", right: String = "") {
        self.left = left
        self.right = right
    }
}
