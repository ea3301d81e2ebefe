/// The size of a terminal in cells.
///
/// ```swift
/// let size = TerminalSize(width: 80, height: 24)
/// ```
public struct TerminalSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
