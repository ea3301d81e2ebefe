@testable import TerminalTable

/// What real terminals answer to `TerminalProbe.query`, byte for byte, with where each
/// answer comes from. Terminals answer in the order asked and skip what they do not know.
enum RealReplies {
    static let st = "\u{1B}\\"

    /// Debian 12's kitty (`kitty(%s)` in kitty's XTVERSION handler; DA1 `?62;c`).
    static let kitty0265 = "\u{1B}P>|kitty(0.26.5)\(st)\u{1B}_Gi=31;OK\(st)\u{1B}[6;17;8t\u{1B}[4;816;1280t\u{1B}[8;48;160t\u{1B}[?62;c"
    static let kitty035 = "\u{1B}P>|kitty(0.35.2)\(st)\u{1B}_Gi=31;OK\(st)\u{1B}[6;20;10t\u{1B}[4;960;1600t\u{1B}[8;48;160t\u{1B}[?62;c"
    static let ghostty = "\u{1B}P>|ghostty 1.1.3\(st)\u{1B}_Gi=31;OK\(st)\u{1B}[6;20;10t\u{1B}[4;960;1600t\u{1B}[8;48;160t\u{1B}[?62;22c"
    /// WezTerm answers the kitty query too, and lists sixel in DA1.
    static let wezterm =
        "\u{1B}P>|WezTerm 20240203-110809-5046fc22\(st)\u{1B}_Gi=31;OK\(st)\u{1B}[6;22;11t\u{1B}[4;1056;1760t\u{1B}[8;48;160t\u{1B}[?65;4;6;18;22c"
    static let iTerm2 = "\u{1B}P>|iTerm2 3.5.0\(st)\u{1B}[6;32;14t\u{1B}[4;1536;2240t\u{1B}[8;48;160t\u{1B}[?62;4c"
    /// `xterm -ti vt340` (XTerm's CASE_DA1 with ReGIS and sixel built in). XTerm keeps
    /// 14t and 18t in its default disallowedWindowOps, so only the cell size comes.
    static let xtermVT340 = "\u{1B}P>|XTerm(390)\(st)\u{1B}[6;13;6t\u{1B}[?63;1;2;3;4;6;8;9;15;17;22;28c"
    /// Plain `xterm`: VT420 level, no sixel.
    static let xterm = "\u{1B}P>|XTerm(390)\(st)\u{1B}[6;13;6t\u{1B}[?64;1;2;6;8;9;15;17;18;21;22;28c"
    static let xterm368VT340 = "\u{1B}P>|XTerm(368)\(st)\u{1B}[6;13;6t\u{1B}[?63;1;2;3;4;6;8;9;15;17;22;28c"
    static let mlterm = "\u{1B}P>|mlterm(3.9.3)\(st)\u{1B}[6;16;8t\u{1B}[4;768;1280t\u{1B}[8;48;160t\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c"
    static let foot = "\u{1B}P>|foot(1.16.2)\(st)\u{1B}[6;20;10t\u{1B}[4;960;1600t\u{1B}[8;48;160t\u{1B}[?62;4;22c"
    /// tmux answers for the terminal (input.c): XTVERSION `tmux %s`, DA1 `?1;2;4c` when
    /// built with sixel, `?1;2c` without; the sizes from what the outer terminal told it.
    static let tmux33a = "\u{1B}P>|tmux 3.3a\(st)\u{1B}[6;20;10t\u{1B}[4;940;1600t\u{1B}[8;47;160t\u{1B}[?1;2c"
    static let tmux34 = "\u{1B}P>|tmux 3.4\(st)\u{1B}[6;20;10t\u{1B}[4;940;1600t\u{1B}[8;47;160t\u{1B}[?1;2;4c"
    static let tmux34WithoutSixel = "\u{1B}P>|tmux 3.4\(st)\u{1B}[6;20;10t\u{1B}[4;940;1600t\u{1B}[8;47;160t\u{1B}[?1;2c"
    /// tmux 3.4 with the kitty query's reply from the terminal outside after tmux's DA1.
    static let tmux34KittyPassthrough = tmux34 + "\u{1B}_Gi=31;OK\(st)"
    /// VS Code without images: xterm.js 5 answers DA1 only (and the sizes).
    static let vsCode = "\u{1B}[6;17;8t\u{1B}[4;816;1280t\u{1B}[8;48;160t\u{1B}[?1;2c"
    /// VS Code with terminal.integrated.enableImages: the image addon's DA1.
    static let vsCodeImages = "\u{1B}[6;17;8t\u{1B}[4;816;1280t\u{1B}[8;48;160t\u{1B}[?62;4;9;22c"
    static let appleTerminal = "\u{1B}[?1;2c"
    /// The Linux console: DA1 as a VT102, nothing else.
    static let linuxConsole = "\u{1B}[?6c"

    static func replies(_ text: String) -> ProbeReplies {
        var parser = ProbeReplyParser()
        let other = parser.feed(Array(text.utf8)) + parser.finish()
        precondition(other.isEmpty, "fixture left bytes over: \(other)")
        return parser.replies
    }
}
