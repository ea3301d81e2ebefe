import Imaging
import TerminalTable

/// A decoded logo, ready to draw: the source image (for the larger picture in the detail
/// view) and its forms for the table's logo cell, made once when the logo arrives (off the
/// event loop) so no frame pays for scaling or encoding.
struct LogoPicture: Sendable {
    let source: RGBAImage
    /// Block symbols: what text-only terminals show.
    let cell: SymbolImage
    /// For sixel, iTerm2 and kitty placed directly: the picture's cells, and the bytes
    /// that draw it (for kitty, the placement of the uploaded image).
    var picture: TerminalPicture?
    var pictureSequence: String?
    /// With kitty graphics: the image for the table cell, and the PNG it shows (kept
    /// for the detail view's larger placement).
    var kitty: KittyImage?
    var kittyPayload: [UInt8]?

    /// `pictureID` names the terminal-drawn picture, unique per logo and size.
    init(_ source: RGBAImage, columns: Int, rows: Int, drawing: LogoDrawing, pictureID: UInt32) {
        self.source = source
        self.cell = drawing.symbolImage(source, columns: columns, rows: rows)
        if let sequence = drawing.sequence(for: source, columns: columns, rows: rows) {
            picture = TerminalPicture(id: pictureID, columns: columns, rows: rows)
            pictureSequence = sequence
        }
    }

    /// What the table's logo cell shows.
    var tableCell: TableCellContent {
        if let picture { return .picture(picture) }
        if let kitty { return .kittyImage(kitty) }
        return .symbolImage(cell)
    }
}
