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
    /// ECH: blanks `count` cells from the cursor, which stays put. Unlike text written
    /// over them, it also takes away the sixel or iTerm2 image on those cells.
    public static func eraseCharacters(_ count: Int) -> String { "\(csi)\(count)X" }
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
        kittyChunks(keys: "a=T,\(kittyFormatKeys(format)),i=\(id),U=1,c=\(columns),r=\(rows),C=1,q=2", base64Payload: base64Payload)
    }

    /// Uploads an image and keeps it (`a=t`) without showing it: `kittyPlace` shows it
    /// later, as often as needed. Chunked like `kittyTransmit`.
    ///
    /// ```swift
    /// EscapeSequence.kittyTransmitOnly(id: 7, format: .png, base64Payload: "iVBO")
    /// // ["\u{1B}_Ga=t,f=100,i=7,q=2,m=0;iVBO\u{1B}\\"]
    /// ```
    public static func kittyTransmitOnly(id: UInt32, format: KittyImage.Format, base64Payload: String) -> [String] {
        kittyChunks(keys: "a=t,\(kittyFormatKeys(format)),i=\(id),q=2", base64Payload: base64Payload)
    }

    /// Uploads an image and places it at the cursor at once (`a=T` without `U=1`): the
    /// *direct placement* of kitty before 0.28, which has no Unicode placeholders. The
    /// terminal draws it over `columns` × `rows` cells from the cursor; `C=1` leaves the
    /// cursor where it was, so the next text goes where the renderer expects. Giving a
    /// `placement` id makes a later placement with the same ids move this one instead of
    /// adding a second picture. Chunked like `kittyTransmit`.
    ///
    /// ```swift
    /// EscapeSequence.kittyTransmitAndPlace(id: 7, placement: 1, format: .png, columns: 6, rows: 3, base64Payload: "iVBO")
    /// // ["\u{1B}_Ga=T,f=100,i=7,p=1,c=6,r=3,C=1,q=2,m=0;iVBO\u{1B}\\"]
    /// ```
    public static func kittyTransmitAndPlace(
        id: UInt32, placement: UInt32? = nil, format: KittyImage.Format, columns: Int, rows: Int, base64Payload: String
    ) -> [String] {
        let placementKey = placement.map { ",p=\($0)" } ?? ""
        let keys = "a=T,\(kittyFormatKeys(format)),i=\(id)\(placementKey),c=\(columns),r=\(rows),C=1,q=2"
        return kittyChunks(keys: keys, base64Payload: base64Payload)
    }

    /// Shows an image the terminal already holds at the cursor again (`a=p`), e.g. after
    /// the table scrolled, without sending its data a second time.
    ///
    /// ```swift
    /// EscapeSequence.kittyPlace(id: 7, placement: 1, columns: 6, rows: 3)  // "\u{1B}_Ga=p,i=7,p=1,c=6,r=3,C=1,q=2\u{1B}\\"
    /// ```
    public static func kittyPlace(id: UInt32, placement: UInt32? = nil, columns: Int, rows: Int) -> String {
        let placementKey = placement.map { ",p=\($0)" } ?? ""
        return "\(kittyCommandStart)a=p,i=\(id)\(placementKey),c=\(columns),r=\(rows),C=1,q=2\(stringTerminator)"
    }

    /// Takes every placement of image `id` off the screen but keeps its data (`d=i`,
    /// lowercase), so `kittyPlace` can show it again; `kittyDelete` frees the data too.
    public static func kittyDeletePlacements(id: UInt32) -> String {
        "\(kittyCommandStart)a=d,d=i,i=\(id),q=2\(stringTerminator)"
    }

    private static func kittyFormatKeys(_ format: KittyImage.Format) -> String {
        switch format {
        case .png: "f=100"
        case .rgba(let width, let height): "f=32,s=\(width),v=\(height)"
        }
    }

    /// One command per chunk of `base64Payload`: the first carries `keys`, the others
    /// only `m` (1 = more follows, 0 = last) and `q`.
    private static func kittyChunks(keys: String, base64Payload: String) -> [String] {
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

    // MARK: Sixel graphics

    /// Starts a sixel image (DCS `P1;P2;P3 q`) of `pixelWidth` × `pixelHeight`: P2 = 1
    /// leaves pixels no colour paints as they were, so the cell background shows through
    /// transparent parts; the raster attributes `"1;1;W;H` set square pixels and the size.
    /// The image data (`SixelImage`) follows, then `sixelEnd`.
    ///
    /// ```swift
    /// EscapeSequence.sixelStart(pixelWidth: 60, pixelHeight: 40)  // "\u{1B}P0;1;0q\"1;1;60;40"
    /// ```
    public static func sixelStart(pixelWidth: Int, pixelHeight: Int) -> String {
        "\u{1B}P0;1;0q\"1;1;\(pixelWidth);\(pixelHeight)"
    }

    public static let sixelEnd = stringTerminator

    /// Sixel scrolling on: an image is drawn at the text cursor, not the screen's top-left
    /// corner. Mode 80 (DECSDM, *sixel display mode*) means "scrolling off" when set on a
    /// real VT340, and so in XTerm since patch 369, foot since 1.8.2, mlterm, current
    /// mintty, xterm.js and most others: reset it (`80l`). XTerm before 369 and foot before
    /// 1.8.2 (like mintty and Contour releases of 2021) read it the other way round, so for
    /// them scrolling is switched on by setting it.
    /// Scrolling on is every terminal's default; sending it guards against a program that
    /// ran before us and switched it off. (`SixelImage` explains why the image still never
    /// scrolls the screen.)
    public static func enableSixelScrolling(invertedDisplayMode: Bool = false) -> String {
        invertedDisplayMode ? "\(csi)?80h" : "\(csi)?80l"
    }

    /// After an image, leave the text cursor right of it instead of on the line below
    /// (xterm's private mode 8452; foot, mlterm, WezTerm and xterm.js know it too): one
    /// line feed less that could scroll the screen when a picture ends on the bottom row.
    public static let sixelCursorRightOfImage = "\(csi)?8452h"
    /// The default again (cursor below the image); send on leaving.
    public static let sixelCursorBelowImage = "\(csi)?8452l"

    // MARK: iTerm2 inline images

    /// Shows a whole image file (PNG, JPEG, GIF) of `byteCount` bytes stretched over
    /// `columns` × `rows` cells from the cursor: OSC 1337 `File=` with `inline=1`, sizes in
    /// cells (a bare number) and `preserveAspectRatio=0`, ended by BEL as iTerm2's own
    /// imgcat does. `moveCursor: false` adds WezTerm's `doNotMoveCursor=1`; iTerm2 ignores
    /// it and leaves the cursor after the image.
    ///
    /// ```swift
    /// EscapeSequence.iTermInlineImage(byteCount: 3, columns: 6, rows: 2, base64Payload: "iVBO")
    /// // "\u{1B}]1337;File=inline=1;size=3;width=6;height=2;preserveAspectRatio=0:iVBO\u{07}"
    /// ```
    public static func iTermInlineImage(byteCount: Int, columns: Int, rows: Int, base64Payload: String, moveCursor: Bool = true) -> String {
        let stay = moveCursor ? "" : ";doNotMoveCursor=1"
        return
            "\u{1B}]1337;File=inline=1;size=\(byteCount);width=\(columns);height=\(rows);preserveAspectRatio=0\(stay):\(base64Payload)\u{07}"
    }

    // MARK: Terminal queries (see `TerminalProbe`)

    /// XTVERSION: the terminal's name and version, answered as `DCS > | text ST`.
    public static let requestTerminalVersion = "\(csi)>0q"
    /// Primary device attributes (DA1), answered as `CSI ? class ; attributes c`; every
    /// terminal answers it, so it goes last and its reply ends the probe.
    public static let requestDeviceAttributes = "\(csi)c"
    /// The size of one cell in pixels, answered as `CSI 6 ; height ; width t`.
    public static let requestCellSizeInPixels = "\(csi)16t"
    /// The text area in pixels, answered as `CSI 4 ; height ; width t`.
    public static let requestTextAreaInPixels = "\(csi)14t"
    /// The text area in cells, answered as `CSI 8 ; rows ; columns t`.
    public static let requestTextAreaInCells = "\(csi)18t"

    /// The image id `kittyGraphicsQuery` asks about; its reply names it.
    public static let kittyQueryID: UInt32 = 31

    /// Asks whether the kitty graphics protocol works by "uploading" a 1×1 RGB pixel
    /// with `a=q` (query only: nothing is stored or shown). A terminal with the protocol
    /// answers `ESC _ G i=31;OK ESC \` (or an error message); others ignore the APC.
    public static let kittyGraphicsQuery = "\(kittyCommandStart)i=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\(stringTerminator)"

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
