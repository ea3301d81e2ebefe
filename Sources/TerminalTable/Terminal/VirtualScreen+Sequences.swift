// The escape sequences `VirtualScreen` understands: the ones `EscapeSequence` emits.
extension VirtualScreen {
    /// Parses the sequence starting at the ESC at `start`. Returns the index after it,
    /// or nil when the sequence is not complete yet.
    mutating func parseEscape(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            break
        case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            // APC (kitty graphics), DCS (tmux passthrough), OSC, PM, SOS: strings that
            // draw nothing, and whose payload must not be printed as text; except this
            // emulator's own picture string.
            guard let end = Self.endOfControlString(bytes, from: start + 2, bellEnds: bytes[start + 1] == UInt8(ascii: "]")) else {
                return nil
            }
            if bytes[start + 1] == UInt8(ascii: "_") { drawPicture(String(decoding: bytes[(start + 2)..<end], as: UTF8.self)) }
            return end
        default:
            return start + 2  // two-byte sequences (ESC 7, ESC =, ...) are ignored
        }
        var end = start + 2
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        csi(parameters: parameters, final: bytes[end])
        return end + 1
    }

    /// Index after the string terminator (`ESC \`, or BEL for OSC) of a control string
    /// whose body starts at `start`; nil when it has not all arrived yet.
    ///
    /// `ESC ESC` is an escaped ESC inside tmux passthrough and does not end the string.
    /// Any other ESC does, without being consumed, as in real terminals: it starts the
    /// next sequence.
    private static func endOfControlString(_ bytes: [UInt8], from start: Int, bellEnds: Bool) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x07 where bellEnds:
                return index + 1
            case 0x1B:
                guard index + 1 < bytes.count else { return nil }
                if bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
                if bytes[index + 1] != 0x1B { return index }
                index += 2
            default:
                index += 1
            }
        }
        return nil
    }

    private mutating func csi(parameters: String, final: UInt8) {
        if parameters.hasPrefix("?") {
            let modes = Self.numbers(String(parameters.dropFirst()))
            if final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
                for mode in modes { setMode(mode, on: final == UInt8(ascii: "h")) }
            }
            return
        }
        let numbers = Self.numbers(parameters)
        let first = numbers.first ?? 0
        let count = max(1, first)
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            moveCursor(row: max(1, first) - 1, column: max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
        case UInt8(ascii: "A"): moveCursor(row: cursorRow - count, column: cursorColumn)
        case UInt8(ascii: "B"): moveCursor(row: cursorRow + count, column: cursorColumn)
        case UInt8(ascii: "C"): moveCursor(row: cursorRow, column: cursorColumn + count)
        case UInt8(ascii: "D"): moveCursor(row: cursorRow, column: cursorColumn - count)
        case UInt8(ascii: "J"): eraseScreen(mode: first)
        case UInt8(ascii: "K"): eraseLine(mode: first)
        case UInt8(ascii: "X"):
            buffer.fill(row: cursorRow, column: cursorColumn, width: count, height: 1, with: .blank(Style(background: style.background)))
        case UInt8(ascii: "m"): applySGR(numbers.isEmpty ? [0] : numbers)
        case UInt8(ascii: "r"):
            // DECSTBM: top and bottom margins (1-based, inclusive), then the cursor goes home.
            let top = max(1, first) - 1
            let bottom = (numbers.count > 1 && numbers[1] > 0 ? numbers[1] : buffer.height) - 1
            scrollRegion = top < bottom && bottom < buffer.height ? top...bottom : nil
            moveCursor(row: 0, column: 0)
        case UInt8(ascii: "S"): scrollRegionLines(by: count)
        case UInt8(ascii: "T"): scrollRegionLines(by: -count)
        default: break
        }
    }

    /// SU (positive) and SD (negative) inside the scroll region; the lines that enter are
    /// blank in the current background, as in xterm.
    private mutating func scrollRegionLines(by count: Int) {
        let region = scrollRegion ?? 0...max(0, buffer.height - 1)
        guard buffer.height > 0 else { return }
        scrolledLineCount += abs(count)
        buffer = buffer.scrolled(region, by: count, blank: .blank(Style(background: style.background)))
    }

    private mutating func moveCursor(row: Int, column: Int) {
        cursorRow = min(max(0, row), max(0, buffer.height - 1))
        cursorColumn = min(max(0, column), max(0, buffer.width - 1))
    }

    private mutating func setMode(_ mode: Int, on: Bool) {
        switch mode {
        case 25: isCursorVisible = on
        case 7: isLineWrapEnabled = on
        case 2026: isInSynchronizedUpdate = on
        case 1000, 1002, 1006: isMouseEnabled = on
        case 1049:
            // Entering or leaving the alternate screen shows a clean grid.
            isAlternateScreen = on
            buffer = CellBuffer(width: buffer.width, height: buffer.height)
        default: break
        }
    }

    private mutating func eraseScreen(mode: Int) {
        let blank = Cell.blank(Style(background: style.background))
        switch mode {
        case 0:
            eraseLine(mode: 0)
            buffer.fill(row: cursorRow + 1, column: 0, width: buffer.width, height: buffer.height, with: blank)
        case 1:
            buffer.fill(row: 0, column: 0, width: buffer.width, height: cursorRow, with: blank)
            eraseLine(mode: 1)
        default:
            buffer.fill(row: 0, column: 0, width: buffer.width, height: buffer.height, with: blank)
        }
    }

    private mutating func eraseLine(mode: Int) {
        let blank = Cell.blank(Style(background: style.background))
        switch mode {
        case 0: buffer.fill(row: cursorRow, column: cursorColumn, width: buffer.width, height: 1, with: blank)
        case 1: buffer.fill(row: cursorRow, column: 0, width: cursorColumn + 1, height: 1, with: blank)
        default: buffer.fill(row: cursorRow, column: 0, width: buffer.width, height: 1, with: blank)
        }
    }

    private mutating func applySGR(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22:
                style.bold = false
                style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                // Only the truecolor form `38;2;r;g;b` is supported.
                if index + 4 < codes.count, codes[index + 1] == 2 {
                    let color = RGB(Self.channel(codes[index + 2]), Self.channel(codes[index + 3]), Self.channel(codes[index + 4]))
                    if code == 38 { style.foreground = color } else { style.background = color }
                    index += 4
                }
            default: break
            }
            index += 1
        }
    }

    private static func channel(_ value: Int) -> UInt8 {
        UInt8(clamping: value)
    }

    private static func numbers(_ text: String) -> [Int] {
        text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    }

    /// What a `PictureSource` used with this screen returns to draw picture `id`: a
    /// stand-in for a sixel or iTerm2 image, which like them belongs to the cells it
    /// covers (text and ECH over them take it away, a scroll region moves it), drawn as
    /// the cells of `TerminalPicture` so a screen can be compared with the frame.
    ///
    /// ```swift
    /// screen.feed(Array(VirtualScreen.pictureSequence(id: 7, columns: 4, rows: 2).utf8))
    /// ```
    public static func pictureSequence(id: UInt32, columns: Int, rows: Int) -> String {
        "\u{1B}_\(pictureMarker)\(id),\(columns),\(rows)\u{1B}\\"
    }

    static let pictureMarker = "VirtualScreen.picture="

    /// Draws the picture an APC string names, at the cursor, which stays put.
    private mutating func drawPicture(_ body: String) {
        guard body.hasPrefix(Self.pictureMarker) else { return }
        let fields = body.dropFirst(Self.pictureMarker.count).prefix { $0 != "\u{1B}" }
        let numbers = fields.split(separator: ",").compactMap { Int($0) }
        guard numbers.count == 3, let id = UInt32(exactly: numbers[0]) else { return }
        _ = buffer.draw(TerminalPicture(id: id, columns: numbers[1], rows: numbers[2]), row: cursorRow, column: cursorColumn)
        pictureCount += 1
    }
}
