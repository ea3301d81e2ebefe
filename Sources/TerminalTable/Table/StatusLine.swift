/// The bottom line of a `TableView`: text on the left and on the right.
///
/// ```swift
/// let status = StatusLine(left: "42 hotels", right: "↑↓ move  ? help  q quit")
/// // A prompt, with the cursor drawn after "Name: ab":
/// let prompt = StatusLine(left: "Name: ab", right: "Esc cancel", cursorColumn: 8)
/// ```
public struct StatusLine: Sendable, Equatable {
    public var left: String
    public var right: String
    /// A cell of the left side drawn as a cursor (in the opposite video), for a prompt
    /// being edited; the program's own cursor stays hidden while a table is up.
    public var cursorColumn: Int?

    public init(left: String = "", right: String = "", cursorColumn: Int? = nil) {
        self.left = left
        self.right = right
        self.cursorColumn = cursorColumn
    }
}
