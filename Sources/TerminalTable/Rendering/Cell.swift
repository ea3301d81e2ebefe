/// One terminal cell: what a terminal keeps in one cell (a code point that takes space,
/// with the combining marks and joined emoji drawn onto it), its width and its style.
///
/// A wide character (width 2) is stored in its left cell; the cell to its right holds
/// a *continuation* (width 0) so the grid stays rectangular.
///
/// ```swift
/// let cell = Cell("東", style: Style(bold: true)) // width 2
/// ```
public struct Cell: Sendable, Hashable {
    public var text: String
    public var width: Int
    public var style: Style
    /// The part of a terminal-drawn picture this blank cell lies under, if any.
    public var picture: PictureSlice?

    /// A cell showing `character`, with its width measured by `DisplayWidth`. For
    /// text that may take several cells (`"กำ"`), use `CellBuffer.write`, which splits it
    /// as a terminal does.
    public init(_ character: Character, style: Style = .plain) {
        self.text = String(character)
        self.width = min(2, DisplayWidth.of(character))
        self.style = style
    }

    /// A cell with explicit text and width, e.g. for continuation cells.
    public init(text: String, width: Int, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// An empty cell with the default style.
    public static let blank = Cell(text: " ", width: 1)

    /// A space drawn in `style`, e.g. to paint a background.
    public static func blank(_ style: Style) -> Cell {
        Cell(text: " ", width: 1, style: style)
    }

    /// A blank cell under a terminal-drawn picture (`TerminalPicture`).
    public static func picture(_ slice: PictureSlice) -> Cell {
        var cell = Cell.blank
        cell.picture = slice
        return cell
    }

    /// The right half of a wide character.
    public static func continuation(_ style: Style) -> Cell {
        Cell(text: "", width: 0, style: style)
    }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
