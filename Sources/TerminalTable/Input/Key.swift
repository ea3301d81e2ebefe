/// One input event from the terminal.
///
/// Mouse positions are 0-based (`row` 0 is the top line), unlike the 1-based values
/// the terminal reports.
///
/// ```swift
/// switch key {
/// case .ctrl("c"), .char("q"): quit()
/// case .mouseClick(let row, _): select(line: row)
/// default: break
/// }
/// ```
public enum Key: Sendable, Hashable {
    case char(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// The Delete key (`ESC [ 3 ~`): deletes forward.
    case delete
    /// A control combination, lowercased: Ctrl-C is `.ctrl("c")`.
    case ctrl(Character)
    case mouseWheelUp(row: Int, column: Int)
    case mouseWheelDown(row: Int, column: Int)
    case mouseClick(row: Int, column: Int)
    /// The terminal changed size; ask the driver for the new size.
    case resize
    /// A sequence we recognised as one key but do not map (F-keys, Insert, ...).
    case unknown
}
