/// Which `ImageProtocol` to use on this terminal, and whether graphics commands have to
/// pass through tmux, decided from the environment alone (no query, no reply to wait for).
///
/// kitty (0.28 and later) and Ghostty draw Unicode placeholders. WezTerm does not: it
/// implements most of the graphics protocol, but ignores `U=1` and shows U+10EEEE as a
/// missing glyph (placeholder support is only an open pull request, wezterm#7924), so
/// it gets half blocks like every other terminal. Konsole lacks placeholders too.
///
/// ```swift
/// let support = ImageSupport.detect(environment: ProcessInfo.processInfo.environment)
/// var registry = KittyImageRegistry(inTmux: support.isInTmux)
/// ImageSupport.detect(environment: ["TERM": "xterm-kitty"]).imageProtocol  // .kitty
/// ```
public struct ImageSupport: Sendable, Equatable {
    public var imageProtocol: ImageProtocol
    /// Running inside tmux: kitty commands must be wrapped for passthrough
    /// (`EscapeSequence.tmuxPassthrough`), and tmux needs `set -g allow-passthrough on`.
    /// tmux must also pass 24-bit colour on, as the colour is the image id: it does when
    /// the outer TERM is xterm-kitty; for others `set -as terminal-features ',TERM:RGB'`.
    public var isInTmux: Bool

    public init(imageProtocol: ImageProtocol, isInTmux: Bool) {
        self.imageProtocol = imageProtocol
        self.isInTmux = isInTmux
    }

    /// Decides from environment variables; an explicit `override` (the user's choice)
    /// beats detection.
    ///
    /// Inside tmux `TERM` and `TERM_PROGRAM` name tmux, not the terminal, but variables
    /// the terminal set when the tmux server started survive: `KITTY_WINDOW_ID` and
    /// `GHOSTTY_RESOURCES_DIR`. They can be stale after reattaching from another
    /// terminal, which is what the override is for.
    public static func detect(environment: [String: String], override: ImageProtocol? = nil) -> ImageSupport {
        let isInTmux = !(environment["TMUX"] ?? "").isEmpty
        if let override {
            return ImageSupport(imageProtocol: override, isInTmux: isInTmux)
        }
        let term = (environment["TERM"] ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        let has = { (name: String) in !(environment[name] ?? "").isEmpty }

        // TERM_PROGRAM is set by the terminal itself, so it wins over TERM, which users
        // and ssh configurations set to whatever they like.
        if program == "wezterm" { return ImageSupport(imageProtocol: .halfBlocks, isInTmux: isInTmux) }
        let isKitty = term == "xterm-kitty" || has("KITTY_WINDOW_ID")
        let isGhostty = program == "ghostty" || term == "xterm-ghostty" || has("GHOSTTY_RESOURCES_DIR")
        return ImageSupport(imageProtocol: isKitty || isGhostty ? .kitty : .halfBlocks, isInTmux: isInTmux)
    }
}
