import Foundation

// Direct placement, for kitty before 0.28 (no Unicode placeholders): the terminal draws
// the image at the cursor, as an overlay the renderer knows nothing of, so the caller
// must take it away (`deletePlacementsSequence`) when its row scrolls or is redrawn.
extension KittyImage {
    /// Uploads the image and shows it at the cursor over `columns` × `rows` cells, leaving
    /// the cursor where it was. With a `placement` id, sending it again for the same image
    /// moves the picture instead of adding a second one.
    ///
    /// Not for tmux: the picture lands where the *outer* terminal's cursor is, which tmux
    /// does not keep in step with ours; `GraphicsChoice` never picks direct placement there.
    ///
    /// ```swift
    /// terminal.write(Array((EscapeSequence.moveCursor(row: 3, column: 0) + logo.transmitAndPlaceSequence(placement: 1)).utf8))
    /// ```
    public func transmitAndPlaceSequence(placement: UInt32? = nil) -> String {
        EscapeSequence.kittyTransmitAndPlace(
            id: id, placement: placement, format: format, columns: columns, rows: rows, base64Payload: Data(payload).base64EncodedString()
        ).joined()
    }

    /// Shows the already uploaded image at the cursor again, e.g. at its row's new place
    /// after scrolling; nothing is sent but the command.
    public func placeSequence(placement: UInt32? = nil) -> String {
        EscapeSequence.kittyPlace(id: id, placement: placement, columns: columns, rows: rows)
    }

    /// Takes every placement of the image off the screen, keeping its data for
    /// `placeSequence`. (`deleteSequence` frees the data as well.)
    public func deletePlacementsSequence() -> String {
        EscapeSequence.kittyDeletePlacements(id: id)
    }
}
