/// Horizontal placement of text inside a fixed number of terminal cells.
///
/// ```swift
/// DisplayWidth.pad("42", toWidth: 5, alignment: .right) // "   42"
/// ```
public enum TextAlignment: Sendable, Equatable {
    case left
    case center
    case right
}
