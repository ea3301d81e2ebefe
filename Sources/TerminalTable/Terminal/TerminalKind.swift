/// The terminal programs whose graphics `GraphicsChoice` treats differently, told apart
/// by their XTVERSION reply first (it comes from the terminal itself, over ssh too) and by
/// environment variables second (`TERM` is whatever users and ssh set; `TERM_PROGRAM`
/// and the terminal's own variables are more reliable but do not cross ssh).
///
/// ```swift
/// let (kind, evidence) = TerminalKind.identify(reply: TerminalVersion("kitty(0.26.5)"), environment: [:])
/// // .kitty(TerminalVersion("kitty(0.26.5)")), "XTVERSION says kitty(0.26.5)"
/// ```
public enum TerminalKind: Sendable, Equatable {
    /// kitty; the version when XTVERSION gave it.
    case kitty(TerminalVersion?)
    case ghostty
    case wezTerm
    case iTerm2
    /// xterm.js: VS Code's terminal, and web terminals built on it.
    case xtermJS
    /// XTerm; its XTVERSION carries the patch number.
    case xterm(TerminalVersion?)
    case foot(TerminalVersion?)
    case mlterm
    /// GNOME Terminal and the other VTE terminals.
    case vte
    /// macOS Terminal.app.
    case appleTerminal
    /// The Linux virtual console.
    case linuxConsole
    /// A terminal that named itself in XTVERSION, but not one of the above.
    case other(TerminalVersion)
    case unknown

    /// Identifies the terminal from its XTVERSION `reply` and `environment`, with a few
    /// words on the evidence for `GraphicsChoice`'s reasons. With `insideTmux`, `TERM` and
    /// `TERM_PROGRAM` name tmux and are skipped; the variables the terminal set for the
    /// tmux server (`KITTY_WINDOW_ID`, `GHOSTTY_RESOURCES_DIR`, `WEZTERM_EXECUTABLE`,
    /// `LC_TERMINAL`) survive, though they may be stale after reattaching elsewhere.
    public static func identify(reply: TerminalVersion?, environment: [String: String], insideTmux: Bool = false) -> (TerminalKind, String)
    {
        if let reply, let kind = kind(named: reply) {
            return (kind, "XTVERSION says \(reply)")
        }
        let value = { (name: String) in environment[name] ?? "" }
        let has = { (name: String) in !value(name).isEmpty }
        let term = insideTmux ? "" : value("TERM").lowercased()
        let program = insideTmux ? "" : value("TERM_PROGRAM").lowercased()
        // TERM_PROGRAM is set by the terminal itself, so it goes before TERM.
        switch program {
        case "wezterm": return (.wezTerm, "TERM_PROGRAM=WezTerm")
        case "iterm.app": return (.iTerm2, "TERM_PROGRAM=iTerm.app")
        case "vscode": return (.xtermJS, "TERM_PROGRAM=vscode")
        case "apple_terminal": return (.appleTerminal, "TERM_PROGRAM=Apple_Terminal")
        case "ghostty": return (.ghostty, "TERM_PROGRAM=ghostty")
        default: break
        }
        if term == "xterm-kitty" { return (.kitty(nil), "TERM=xterm-kitty") }
        if has("KITTY_WINDOW_ID") { return (.kitty(nil), "KITTY_WINDOW_ID is set") }
        if term == "xterm-ghostty" { return (.ghostty, "TERM=xterm-ghostty") }
        if has("GHOSTTY_RESOURCES_DIR") { return (.ghostty, "GHOSTTY_RESOURCES_DIR is set") }
        if has("WEZTERM_EXECUTABLE") { return (.wezTerm, "WEZTERM_EXECUTABLE is set") }
        // iTerm2 sets LC_TERMINAL, which ssh passes on where TERM_PROGRAM is lost.
        if value("LC_TERMINAL") == "iTerm2" { return (.iTerm2, "LC_TERMINAL=iTerm2") }
        if term == "linux" { return (.linuxConsole, "TERM=linux") }
        if term.hasPrefix("foot") { return (.foot(nil), "TERM=\(term)") }
        if term.hasPrefix("mlterm") { return (.mlterm, "TERM=\(term)") }
        if has("VTE_VERSION"), !insideTmux { return (.vte, "VTE_VERSION=\(value("VTE_VERSION"))") }
        if let reply, !reply.name.isEmpty { return (.other(reply), "XTVERSION says \(reply)") }
        return (.unknown, "")
    }

    private static func kind(named reply: TerminalVersion) -> TerminalKind? {
        switch reply.name.lowercased() {
        case "kitty": .kitty(reply)
        case "ghostty": .ghostty
        case "wezterm": .wezTerm
        case "iterm2": .iTerm2
        case "xterm.js": .xtermJS
        case "xterm": .xterm(reply)
        case "foot": .foot(reply)
        case "mlterm": .mlterm
        case "vte": .vte
        default: nil
        }
    }
}
