/// The questions asked of the terminal before choosing how to draw pictures
/// (`GraphicsChoice`), all written at once: XTVERSION (name and version), the kitty
/// graphics query, the cell size and the text area in pixels and in cells, and DA1 last.
/// Every terminal answers DA1 and answers in order, so its reply (`ProbeReplyParser`'s
/// `isComplete`) means the others are in or never will be; a terminal that answers
/// nothing at all is waited for until a deadline (`suggestedTimeout`).
///
/// Inside tmux, tmux itself answers XTVERSION, DA1 and the sizes; the kitty query goes to
/// the outer terminal wrapped for passthrough, so its reply proves both that the outer
/// terminal speaks kitty graphics and that tmux lets our graphics through
/// (`allow-passthrough`). That reply travels further and may follow tmux's DA1: a reader
/// that got DA1 but no kitty reply waits `passthroughGrace` longer.
///
/// Replies that come after the reader stopped waiting reach the key decoder, which drops
/// the string-shaped ones (XTVERSION, kitty) and turns the CSI ones into `.unknown` keys;
/// `ProbeReplyParser.strippingReplies(from:)` does the same for a buffer.
///
/// ```swift
/// terminal.write(TerminalProbe.query(environment: ProcessInfo.processInfo.environment))
/// ```
public enum TerminalProbe {
    /// How long to wait for DA1. Local terminals answer within milliseconds; the margin is
    /// for ssh.
    public static let suggestedTimeout: Duration = .milliseconds(500)

    /// How much longer to wait inside tmux for the kitty reply after DA1 came.
    public static let passthroughGrace: Duration = .milliseconds(100)

    /// The queries for the terminal `environment` describes: wrapped for tmux when `TMUX`
    /// is set, and without the kitty query on the Linux console, which knows no APC
    /// strings and would print it.
    public static func query(environment: [String: String]) -> [UInt8] {
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        return query(inTmux: inTmux, includesKittyQuery: environment["TERM"] != "linux")
    }

    /// The queries as bytes, DA1 last.
    ///
    /// ```swift
    /// String(decoding: TerminalProbe.query(inTmux: false), as: UTF8.self)
    /// // "\u{1B}[>0q\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[14t\u{1B}[18t\u{1B}[c"
    /// ```
    public static func query(inTmux: Bool, includesKittyQuery: Bool = true) -> [UInt8] {
        var text = EscapeSequence.requestTerminalVersion
        if includesKittyQuery {
            let kitty = EscapeSequence.kittyGraphicsQuery
            text += inTmux ? EscapeSequence.tmuxPassthrough(kitty) : kitty
        }
        text += EscapeSequence.requestCellSizeInPixels + EscapeSequence.requestTextAreaInPixels + EscapeSequence.requestTextAreaInCells
        text += EscapeSequence.requestDeviceAttributes
        return Array(text.utf8)
    }
}
