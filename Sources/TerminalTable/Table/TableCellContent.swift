/// What one cell of a table row shows.
///
/// ```swift
/// let cells: [TableCellContent] = [
///     .image(logo),
///     .text("Hotel Adlon"),
///     .styledText("★★★★★", Style(foreground: RGB(255, 200, 0))),
///     .placeholder("…"),
/// ]
/// ```
public enum TableCellContent: Sendable, Equatable {
    /// Plain text; sanitized and truncated to the column.
    case text(String)
    /// Text with its own style (the selection highlight is layered on top).
    case styledText(String, Style)
    /// A small picture, already sized to the column (see `HalfBlockImage(scaling:…)`).
    case image(HalfBlockImage)
    /// A small picture in block symbols (`SymbolImage`), already sized to the column.
    case symbolImage(SymbolImage)
    /// A picture the terminal draws itself over its cells (sixel, iTerm2, kitty placed
    /// directly); the screen asks a `PictureSource` for its bytes. Drawn only where it fits
    /// whole; otherwise its cells stay blank.
    case picture(TerminalPicture)
    /// A picture drawn by the terminal (kitty graphics protocol), sized to the column;
    /// upload it with `KittyImageRegistry` (see `TableView.kittyImages`).
    case kittyImage(KittyImage)
    /// Something still loading; drawn dimmed.
    case placeholder(String)
}

extension TableCellContent {
    /// A picture's size and cells, for the table to draw line by line; nil for text.
    /// `drawnWhole`: the terminal draws it itself, so it is drawn only where it fits whole.
    var pictureCells: (rows: Int, columns: Int, cell: (Int, Int) -> Cell, drawnWhole: Bool)? {
        switch self {
        case .image(let image): (image.rows, image.columns, { image[$0, $1] }, false)
        case .kittyImage(let image): (image.rows, image.columns, { image[$0, $1] }, false)
        case .symbolImage(let image): (image.rows, image.columns, { image[$0, $1] }, false)
        case .picture(let picture): (picture.rows, picture.columns, { picture[$0, $1] }, true)
        case .text, .styledText, .placeholder: nil
        }
    }
}
