/// A picture the terminal draws itself over `columns` × `rows` cells: a sixel image, an
/// iTerm2 inline image or a kitty image placed directly. The table and the buffer only
/// hold its id and size; the bytes that draw it come from a `PictureSource` when the
/// renderer finds its cells changed.
///
/// ```swift
/// let logo = TerminalPicture(id: 7, columns: 6, rows: 2)
/// let cells: [TableCellContent] = [.picture(logo), .text("Hotel Adlon")]
/// ```
public struct TerminalPicture: Sendable, Hashable {
    public let id: UInt32
    public let columns: Int
    public let rows: Int

    public init(id: UInt32, columns: Int, rows: Int) {
        self.id = id
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// The blank cell at a position of the picture, carrying its slice.
    public subscript(row: Int, column: Int) -> Cell {
        .picture(PictureSlice(id: id, x: column, y: row, columns: columns, rows: rows))
    }
}

/// Where the renderer gets the bytes of terminal-drawn pictures (`TerminalPicture`).
///
/// ```swift
/// struct Sixels: PictureSource {
///     var encoded: [UInt32: String]
///     func drawSequence(for id: UInt32) -> String? { encoded[id] }
///     func removeSequence(for id: UInt32) -> String { "" }   // erasing the cells removes a sixel
/// }
/// ```
public protocol PictureSource {
    /// What draws picture `id` with the cursor on its top-left cell; nil leaves its cells
    /// blank (e.g. the picture could not be encoded).
    func drawSequence(for id: UInt32) -> String?
    /// What takes picture `id` off the screen besides erasing its cells: nothing for
    /// pictures that belong to the cells they cover (sixel, iTerm2), a delete command for
    /// kitty's, which float above the text.
    func removeSequence(for id: UInt32) -> String
}

/// No terminal-drawn pictures: their cells stay blank.
public struct NoPictures: PictureSource {
    public init() {}
    public func drawSequence(for id: UInt32) -> String? { nil }
    public func removeSequence(for id: UInt32) -> String { "" }
}
