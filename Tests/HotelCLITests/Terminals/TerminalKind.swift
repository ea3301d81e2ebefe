/// The three real terminals of issue 31's point 5, each started the same way: a fixed
/// size in cells, DejaVu Sans Mono (it has the block elements and box drawing the table
/// draws), white on black, no scroll bar, no cursor blink (a blinking cursor would make
/// two shots of a still screen differ), no inner border or padding, at the screen's
/// top-left corner (Xvfb has no window manager to move or decorate it).
enum TerminalKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case xterm
    case mlterm
    case kitty

    static let columns = 120
    static let rows = 32

    var description: String { rawValue }

    /// The file name of its screenshot in docs/screenshots (and of a failure's evidence).
    var screenshotName: String {
        switch self {
        case .xterm: "xterm-sixel"
        case .mlterm: "mlterm-sixel"
        case .kitty: "kitty"
        }
    }

    /// What `hotels browse --images` is given: the pixel protocol each terminal speaks
    /// (sixel for the VT340 xterm and mlterm, kitty 0.26's direct placement, which `auto`
    /// picks there too), named so the test checks that protocol whatever the probe says.
    var images: String {
        switch self {
        case .xterm, .mlterm: "sixel"
        case .kitty: "kitty-direct"
        }
    }

    /// The terminal's command line, running `command` (a shell command) in it.
    func argv(running command: String) -> [String] {
        let size = "\(Self.columns)x\(Self.rows)"
        switch self {
        case .xterm:
            // -ti vt340: xterm answers as a VT340 and draws sixel; more colour registers
            // than its default 16 keep a sixel logo's colours.
            return [
                "xterm", "-ti", "vt340", "-geometry", "\(size)+0+0", "-b", "0", "-bw", "0", "-fa", "DejaVu Sans Mono", "-fs", "10",
                "+bc", "-bg", "black", "-fg", "white", "-xrm", "XTerm*numColorRegisters: 1024", "-xrm", "XTerm*sixelScrolling: true",
                "-e", "sh", "-c", command,
            ]
        case .mlterm:
            // mlterm draws sixel unconditionally; its font is fontconfig's monospace,
            // which is DejaVu Sans Mono where scripts/setup-test-deps installed it.
            return [
                "mlterm", "-g", "\(size)+0+0", "--sb=false", "--border=0", "-w", "14", "-b", "black", "-f", "white", "--blink=false",
                "-e", "sh", "-c", command,
            ]
        case .kitty:
            // --config NONE: no user's kitty.conf; every setting is here.
            return [
                "kitty", "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=10", "-o", "window_padding_width=0",
                "-o", "placement_strategy=top-left", "-o", "cursor_blink_interval=0", "-o", "remember_window_size=no",
                "-o", "initial_window_width=\(Self.columns)c", "-o", "initial_window_height=\(Self.rows)c", "-o", "background=black",
                "-o", "foreground=white", "-o", "enable_audio_bell=no", "-o", "linux_display_server=x11", "sh", "-c", command,
            ]
        }
    }

    /// kitty needs OpenGL 3.3, which Xvfb has only through Mesa's software renderer.
    var environment: [String: String] {
        self == .kitty ? ["LIBGL_ALWAYS_SOFTWARE": "1"] : [:]
    }
}
