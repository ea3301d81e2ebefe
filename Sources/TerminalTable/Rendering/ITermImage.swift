import Foundation

/// A picture for terminals with iTerm2's inline images protocol (iTerm2, WezTerm, and
/// others that copied it): the encoded file itself (PNG from `Imaging`'s `PNGEncoder`,
/// taken as bytes so this module needs no image library) sent in one OSC 1337 string that
/// the terminal draws over `columns` × `rows` cells from the cursor.
///
/// Like text, the picture belongs to the cells it covers: writing over them erases it. It
/// is sent again each time it is drawn, as the protocol has no ids to re-show an image.
///
/// ```swift
/// if let logo = ITermImage(columns: 6, rows: 2, png: pngBytes) {
///     terminal.write(Array((EscapeSequence.moveCursor(row: 3, column: 0) + logo.sequence(inTmux: choice.usesPassthrough)).utf8))
/// }
/// ```
public struct ITermImage: Sendable, Equatable {
    /// Largest file accepted: iTerm2 refuses sequences over 1 MiB of base64, and a logo
    /// is a few kilobytes.
    public static let maximumPayload = 768 * 1024
    /// Largest width or height in cells.
    public static let maximumSpan = 1000

    public let columns: Int
    public let rows: Int
    /// The image file, e.g. PNG bytes.
    public let payload: [UInt8]

    /// Fails when the payload is empty or too large, or a span is outside
    /// 1...`maximumSpan`: a bad image should become "no logo".
    public init?(columns: Int, rows: Int, png payload: [UInt8]) {
        let spans = 1...Self.maximumSpan
        guard spans.contains(columns), spans.contains(rows), !payload.isEmpty, payload.count <= Self.maximumPayload else { return nil }
        self.columns = columns
        self.rows = rows
        self.payload = payload
    }

    /// The OSC 1337 string; inside tmux wrapped for passthrough (`set -g allow-passthrough
    /// on` needed), tmux having no idea of the image. `moveCursor: false` asks WezTerm to
    /// leave the cursor on the image's top-left cell; iTerm2 moves it regardless, so a
    /// caller positions the cursor before its next write in any case.
    public func sequence(inTmux: Bool = false, moveCursor: Bool = true) -> String {
        let sequence = EscapeSequence.iTermInlineImage(
            byteCount: payload.count, columns: columns, rows: rows, base64Payload: Data(payload).base64EncodedString(),
            moveCursor: moveCursor)
        return inTmux ? EscapeSequence.tmuxPassthrough(sequence) : sequence
    }
}
