import Foundation

/// Every escape sequence this module sends lives here, so there is exactly one place
/// to look when a terminal misbehaves.
///
/// Positions are 0-based in this API and converted to the terminal's 1-based ones.
///
/// ```swift
/// let bytes = Array((EscapeSequence.moveCursor(row: 0, column: 4) + "hi").utf8)
/// ```
public enum EscapeSequence {
    static let csi = "\u{1B}["

    // MARK: Cursor and screen

    public static func moveCursor(row: Int, column: Int) -> String {
        "\(csi)\(row + 1);\(column + 1)H"
    }

    public static let hideCursor = "\(csi)?25l"
    public static let showCursor = "\(csi)?25h"
    public static let clearScreen = "\(csi)2J"
    public static let clearLine = "\(csi)2K"
    /// Erases the line the cursor is on (the same bytes as `clearLine`, named for the probe).
    public static let eraseLine = clearLine

    /// Asks for the cursor position; the terminal answers `ESC [ row ; column R` on its input.
    public static let reportCursorPosition = "\(csi)6n"

    // MARK: Scrolling

    /// Limits scrolling to `rows` (DECSTBM; the cursor goes home). Lines outside stay put.
    public static func setScrollRegion(_ rows: ClosedRange<Int>) -> String {
        "\(csi)\(rows.lowerBound + 1);\(rows.upperBound + 1)r"
    }

    /// Scrolling covers the whole screen again.
    public static let resetScrollRegion = "\(csi)r"

    /// Moves the lines of the scroll region up by `count` (SU): the top ones leave, blank ones enter at the bottom.
    public static func scrollUp(_ count: Int) -> String { "\(csi)\(count)S" }

    /// Moves the lines of the scroll region down by `count` (SD): blank lines enter at the top.
    public static func scrollDown(_ count: Int) -> String { "\(csi)\(count)T" }

    // MARK: Modes

    /// Switches to the alternate screen so the user's scrollback is left untouched.
    public static let enterAlternateScreen = "\(csi)?1049h"
    public static let leaveAlternateScreen = "\(csi)?1049l"

    /// Terminals that support it show the whole frame at once instead of tearing.
    /// Terminals that don't simply ignore the sequence.
    public static let beginSynchronizedUpdate = "\(csi)?2026h"
    public static let endSynchronizedUpdate = "\(csi)?2026l"

    /// Button presses, drags (1002) and wheel, reported in SGR format (1006) which has
    /// no 223-column limit.
    public static let enableMouse = "\(csi)?1000h\(csi)?1002h\(csi)?1006h"
    public static let disableMouse = "\(csi)?1006l\(csi)?1002l\(csi)?1000l"

    /// With bracketed paste on, pasted text would arrive wrapped in `ESC[200~`.
    public static let disableBracketedPaste = "\(csi)?2004l"

    /// Without auto-wrap, writing the last column never scrolls the screen.
    public static let disableLineWrap = "\(csi)?7l"
    public static let enableLineWrap = "\(csi)?7h"

    // MARK: SGR (colours and attributes)

    public static let resetStyle = "\(csi)0m"
    public static let bold = "\(csi)1m"
    public static let dim = "\(csi)2m"
    public static let underline = "\(csi)4m"
    public static let reverse = "\(csi)7m"

    public static func foreground(_ color: RGB) -> String {
        "\(csi)38;2;\(color.red);\(color.green);\(color.blue)m"
    }

    public static func background(_ color: RGB) -> String {
        "\(csi)48;2;\(color.red);\(color.green);\(color.blue)m"
    }

    /// One SGR sequence that sets `style` from any previous state.
    public static func style(_ style: Style) -> String {
        "\(csi)\((["0"] + parameters(for: style)).joined(separator: ";"))m"
    }

    /// The shortest SGR sequence that turns `old` into `new`; empty when equal.
    ///
    /// Attributes can only be switched off in pairs (bold and dim share `22`), so any
    /// attribute that goes away falls back to a full reset.
    public static func transition(from old: Style, to new: Style) -> String {
        if old == new { return "" }
        let lostAttribute =
            (old.bold && !new.bold) || (old.dim && !new.dim)
            || (old.underline && !new.underline) || (old.reverse && !new.reverse)
        if lostAttribute { return style(new) }
        var codes: [String] = []
        if new.bold && !old.bold { codes.append("1") }
        if new.dim && !old.dim { codes.append("2") }
        if new.underline && !old.underline { codes.append("4") }
        if new.reverse && !old.reverse { codes.append("7") }
        if new.foreground != old.foreground {
            codes.append(new.foreground.map(foregroundParameter) ?? "39")
        }
        if new.background != old.background {
            codes.append(new.background.map(backgroundParameter) ?? "49")
        }
        return "\(csi)\(codes.joined(separator: ";"))m"
    }

    private static func parameters(for style: Style) -> [String] {
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let color = style.foreground { codes.append(foregroundParameter(color)) }
        if let color = style.background { codes.append(backgroundParameter(color)) }
        return codes
    }

    private static func foregroundParameter(_ color: RGB) -> String {
        "38;2;\(color.red);\(color.green);\(color.blue)"
    }

    private static func backgroundParameter(_ color: RGB) -> String {
        "48;2;\(color.red);\(color.green);\(color.blue)"
    }

    // MARK: Kitty graphics protocol

    /// Graphics commands are APCs, `ESC _ G <keys> ; <payload> ESC \`, which terminals
    /// without the protocol ignore.
    static let kittyCommandStart = "\u{1B}_G"
    static let stringTerminator = "\u{1B}\\"

    /// Most base64 characters one graphics command may carry; every chunk but the last
    /// must also be a multiple of 4, which this is.
    public static let kittyChunkSize = 4096

    /// Uploads an image (`a=T`) and creates a virtual placement of `columns` × `rows`
    /// cells (`U=1`) that shows nothing until placeholder cells name the id. One command
    /// per chunk of `base64Payload`: the first carries all keys, the others only `m`
    /// (1 = more follows, 0 = last) and `q`. `q=2` on every chunk keeps the terminal
    /// silent, since a reply would reach us as if typed; `C=1` keeps the cursor still.
    ///
    /// ```swift
    /// EscapeSequence.kittyTransmit(id: 7, format: .png, columns: 6, rows: 3, base64Payload: "iVBO")
    /// // ["\u{1B}_Ga=T,f=100,i=7,U=1,c=6,r=3,C=1,q=2,m=0;iVBO\u{1B}\\"]
    /// ```
    public static func kittyTransmit(id: UInt32, format: KittyImage.Format, columns: Int, rows: Int, base64Payload: String) -> [String] {
        let formatKeys: String
        switch format {
        case .png: formatKeys = "f=100"
        case .rgba(let width, let height): formatKeys = "f=32,s=\(width),v=\(height)"
        }
        let keys = "a=T,\(formatKeys),i=\(id),U=1,c=\(columns),r=\(rows),C=1,q=2"
        let data = Array(base64Payload.utf8)
        var commands: [String] = []
        var start = 0
        repeat {
            let end = min(data.count, start + kittyChunkSize)
            let more = end < data.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more),q=2"
            commands.append("\(kittyCommandStart)\(control);\(String(decoding: data[start..<end], as: UTF8.self))\(stringTerminator)")
            start = end
        } while start < data.count
        return commands
    }

    /// Deletes the image with `id` and its virtual placements, freeing its data (`d=I`;
    /// lowercase `d=i` would keep the data in the terminal's memory).
    public static func kittyDelete(id: UInt32) -> String {
        "\(kittyCommandStart)a=d,d=I,i=\(id),q=2\(stringTerminator)"
    }

    /// Wraps `sequence` so tmux hands it to the outer terminal unchanged:
    /// `ESC P tmux; <sequence with every ESC doubled> ESC \`. tmux 3.3 and later drop it
    /// unless `set -g allow-passthrough on`.
    public static func tmuxPassthrough(_ sequence: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in sequence.unicodeScalars {
            if scalar == "\u{1B}" { escaped.append(scalar) }
            escaped.append(scalar)
        }
        return "\u{1B}Ptmux;" + String(escaped) + stringTerminator
    }

    // MARK: Clipboard

    /// Puts `bytes` on the system clipboard (OSC 52, selection `c`): `ESC ] 52 ; c ;
    /// <base64> BEL`. The terminal does the copying, so it works over ssh; tmux takes it
    /// into its paste buffer (and passes it on) with `set -g set-clipboard on`. Terminals
    /// that do not support it ignore the sequence.
    ///
    /// ```swift
    /// EscapeSequence.copyToClipboard(Array("hi".utf8))   // "\u{1B}]52;c;aGk=\u{07}"
    /// ```
    public static func copyToClipboard(_ bytes: [UInt8]) -> String {
        "\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{07}"
    }

    // MARK: Whole-session setup

    /// Everything sent when an interactive session starts.
    public static let enterInteractive =
        enterAlternateScreen + hideCursor + disableLineWrap
        + disableBracketedPaste + enableMouse + clearScreen

    /// Everything sent to give the terminal back; safe to send more than once.
    public static let leaveInteractive =
        endSynchronizedUpdate + disableMouse + resetStyle
        + enableLineWrap + showCursor + leaveAlternateScreen
}
