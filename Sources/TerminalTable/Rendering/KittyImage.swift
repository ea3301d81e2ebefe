import Foundation

/// A picture for terminals with the kitty graphics protocol, shown through *Unicode
/// placeholders*: the image is uploaded once under an id, and every cell that should
/// show a piece of it is an ordinary text cell (see `KittyPlaceholder`) whose foreground
/// colour is the id. The diff renderer treats those cells like any other text, so a row
/// that scrolls away simply overwrites its picture; it also works inside tmux.
///
/// The terminal scales the picture to `columns` × `rows` cells, keeping its aspect ratio.
/// Ids are usually handed out by `KittyImageRegistry`, which also decides when to upload.
///
/// ```swift
/// if let logo = KittyImage(id: 7, columns: 6, rows: 3, format: .png, payload: pngBytes) {
///     terminal.write(Array(logo.transmitSequence().utf8))  // upload; shows nothing yet
///     buffer.set(logo[0, 0], row: 2, column: 0)             // its top-left piece
/// }
/// ```
public struct KittyImage: Sendable, Equatable {
    /// How `payload` is encoded.
    public enum Format: Sendable, Hashable {
        /// A PNG file (`f=100`); the terminal reads the size from it.
        case png
        /// Raw 8-bit RGBA pixels, row by row (`f=32`).
        case rgba(pixelWidth: Int, pixelHeight: Int)
    }

    /// Largest id a placeholder can name: the foreground colour holds 24 bits. (A third
    /// diacritic could carry 8 more; we never need that many images.)
    public static let maximumID: UInt32 = 0xFF_FFFF

    /// 1...`maximumID`; 0 means "no image" in the protocol.
    public let id: UInt32
    /// Width in cells, 1...`KittyPlaceholder.maximumSpan`.
    public let columns: Int
    /// Height in cells, 1...`KittyPlaceholder.maximumSpan`.
    public let rows: Int
    public let format: Format
    public let payload: [UInt8]

    /// Fails when the id or the size is out of range, the payload is empty, or RGBA
    /// pixels do not match their declared size: the data may come from a server, and a
    /// bad image should become "no logo", not a crash or garbage on screen.
    public init?(id: UInt32, columns: Int, rows: Int, format: Format, payload: [UInt8]) {
        let spans = 1...KittyPlaceholder.maximumSpan
        guard (1...Self.maximumID).contains(id), spans.contains(columns), spans.contains(rows), !payload.isEmpty else {
            return nil
        }
        if case .rgba(let width, let height) = format {
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard width > 0, height > 0, !overflow, pixels <= Int.max / 4, payload.count == pixels * 4 else { return nil }
        }
        self.id = id
        self.columns = columns
        self.rows = rows
        self.format = format
        self.payload = payload
    }

    /// The foreground colour of this image's placeholder cells: the id as red, green, blue.
    public var idColor: RGB {
        RGB(UInt8(truncatingIfNeeded: id >> 16), UInt8(truncatingIfNeeded: id >> 8), UInt8(truncatingIfNeeded: id))
    }

    /// The placeholder cell for one piece of the image; out-of-range positions read as
    /// blank, like `HalfBlockImage`.
    ///
    /// The style carries only the id colour: kitty reads the background as the colour
    /// behind transparent pixels and reserves the other attributes, so a selection
    /// highlight must not be layered on top.
    public subscript(row: Int, column: Int) -> Cell {
        guard row >= 0, row < rows, column >= 0, column < columns,
            let text = KittyPlaceholder.text(row: row, column: column)
        else { return .blank }
        return Cell(text: text, width: 1, style: Style(foreground: idColor))
    }

    /// The escape codes that upload the image and create its virtual placement, chunked
    /// as the protocol requires. Inside tmux every chunk is wrapped for passthrough.
    public func transmitSequence(inTmux: Bool = false) -> String {
        let base64 = Data(payload).base64EncodedString()
        let chunks = EscapeSequence.kittyTransmit(id: id, format: format, columns: columns, rows: rows, base64Payload: base64)
        return chunks.map { inTmux ? EscapeSequence.tmuxPassthrough($0) : $0 }.joined()
    }

    /// Uploads the image without placing it anywhere (`a=t`), for direct placement
    /// (`placeSequence`): kitty before 0.28 refuses the `U=1` of `transmitSequence`.
    public func transmitOnlySequence(inTmux: Bool = false) -> String {
        let base64 = Data(payload).base64EncodedString()
        let chunks = EscapeSequence.kittyTransmitOnly(id: id, format: format, base64Payload: base64)
        return chunks.map { inTmux ? EscapeSequence.tmuxPassthrough($0) : $0 }.joined()
    }

    /// The escape code that deletes the image and frees its data in the terminal.
    public func deleteSequence(inTmux: Bool = false) -> String {
        let sequence = EscapeSequence.kittyDelete(id: id)
        return inTmux ? EscapeSequence.tmuxPassthrough(sequence) : sequence
    }
}
