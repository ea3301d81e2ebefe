import TerminalTable

/// The bytes of the logos a frame shows as terminal-drawn pictures, for the renderer
/// (`PictureSource`).
struct LogoPictureSource: PictureSource {
    /// Picture id → what draws it at the cursor.
    var sequences: [UInt32: String] = [:]
    /// kitty placed directly: a picture leaves the screen only when its placement is
    /// deleted (sixel and iTerm2 pictures go with the cells the renderer erases).
    var removesKittyPlacements: Bool
    var passthrough: Bool

    func drawSequence(for id: UInt32) -> String? { sequences[id] }

    func removeSequence(for id: UInt32) -> String {
        guard removesKittyPlacements else { return "" }
        let delete = EscapeSequence.kittyDeletePlacements(id: id)
        return passthrough ? EscapeSequence.tmuxPassthrough(delete) : delete
    }
}
