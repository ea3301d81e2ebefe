/// The part of a terminal-drawn picture (sixel, iTerm2 inline image, kitty direct
/// placement) that one cell lies under.
///
/// Such pictures are not text: the terminal draws them over cells, and the renderer
/// only knows them through the cells they cover. Each covered cell is a blank that
/// carries its slice (`Cell.picture(_:)`), so cell equality says what the screen shows:
/// a picture is redrawn when any of its cells changed since the last frame, and taken
/// away when a cell it covered now shows something else (see `Renderer`). Two different
/// pictures never look alike to the diff, and a scroll region moves them like text.
///
/// ```swift
/// let logo = TerminalPicture(id: 7, columns: 6, rows: 2)
/// buffer.draw(logo, row: 3, column: 1)          // 12 cells, each a slice of picture 7
/// buffer[4, 2].picture                          // PictureSlice(id: 7, x: 1, y: 1, columns: 6, rows: 2)
/// ```
public struct PictureSlice: Sendable, Hashable {
    /// Which picture (the caller's id, e.g. one per logo and size).
    public var id: UInt32
    /// The cell's column and row within the picture.
    public var x: UInt16
    public var y: UInt16
    /// The picture's size in cells.
    public var columns: UInt16
    public var rows: UInt16

    public init(id: UInt32, x: Int, y: Int, columns: Int, rows: Int) {
        self.id = id
        self.x = UInt16(clamping: x)
        self.y = UInt16(clamping: y)
        self.columns = UInt16(clamping: columns)
        self.rows = UInt16(clamping: rows)
    }

    /// The cell count of the whole picture.
    var cellCount: Int { Int(columns) * Int(rows) }
}
