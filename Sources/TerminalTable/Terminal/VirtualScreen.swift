/// A tiny terminal emulator: it interprets the escape sequences this module emits
/// (cursor moves, SGR, clears, private modes) into a grid of cells.
///
/// It exists so tests can assert what a user would *see*, not which bytes were sent.
/// Anything it does not understand is ignored, like a real terminal would.
///
/// ```swift
/// var screen = VirtualScreen(width: 10, height: 2)
/// screen.feed(Array("\u{1B}[2;3Hhi".utf8))
/// screen.lines[1] // "  hi      "
/// ```
public struct VirtualScreen: Sendable {
    public internal(set) var buffer: CellBuffer
    public internal(set) var cursorRow = 0
    public internal(set) var cursorColumn = 0
    public internal(set) var style = Style.plain
    public internal(set) var isCursorVisible = true
    public internal(set) var isAlternateScreen = false
    public internal(set) var isMouseEnabled = false
    public internal(set) var isLineWrapEnabled = true
    public internal(set) var isInSynchronizedUpdate = false
    /// The lines SU and SD move (DECSTBM), nil for the whole screen.
    public internal(set) var scrollRegion: ClosedRange<Int>?
    /// Lines moved by SU and SD so far, so tests can see that a scroll region was used.
    public internal(set) var scrolledLineCount = 0
    /// How many characters were written past the right or bottom edge and dropped.
    /// Layout code should keep this at 0.
    public internal(set) var overflowCount = 0
    /// Pictures drawn so far (`pictureSequence`).
    public internal(set) var pictureCount = 0

    /// Bytes of an escape sequence or UTF-8 character cut off at the end of a write.
    private var pending: [UInt8] = []

    /// How this emulated terminal draws emoji sequences; tests emulate tmux 3.3 with
    /// other rules than the Unicode default.
    public var rules: WidthRules

    public init(width: Int, height: Int, rules: WidthRules = DisplayWidth.rules) {
        buffer = CellBuffer(width: width, height: height)
        self.rules = rules
    }

    /// The visible text, one string per row, padded to the full width.
    public var lines: [String] {
        (0..<buffer.height).map { buffer.text(ofRow: $0) }
    }

    /// Changes the size, keeping the overlapping top-left part of the screen.
    public mutating func resize(width: Int, height: Int) {
        var resized = CellBuffer(width: width, height: height)
        for row in 0..<min(height, buffer.height) {
            for column in 0..<min(width, buffer.width) where !buffer[row, column].isContinuation {
                resized.set(buffer[row, column], row: row, column: column)
            }
        }
        buffer = resized
        cursorRow = min(cursorRow, max(0, height - 1))
        cursorColumn = min(cursorColumn, max(0, width - 1))
    }

    /// Interprets output bytes as a terminal would.
    public mutating func feed(_ bytes: [UInt8]) {
        let input = pending + bytes
        pending = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x1B {
                guard let next = parseEscape(input, at: index) else {
                    pending = Array(input[index...])
                    return
                }
                index = next
            } else if byte < 0x20 || byte == 0x7F {
                control(byte)
                index += 1
            } else {
                var end = index
                while end < input.count, input[end] >= 0x20, input[end] != 0x7F, input[end] != 0x1B { end += 1 }
                // Only a run that reaches the end of this write can be a character cut
                // in half; keep its tail for the next write.
                let complete = end == input.count ? Self.completeUTF8Prefix(input[index..<end]) : end
                for scalar in String(decoding: input[index..<complete], as: UTF8.self).unicodeScalars {
                    put(scalar)
                }
                if complete < end {
                    pending = Array(input[complete..<end])
                    return
                }
                index = end
            }
        }
    }

    // MARK: Text

    /// Places one code point as a terminal does: one that joins (a combining mark, VS16,
    /// a joined emoji) draws onto the cell just left of the cursor, whatever moved the
    /// cursor there; anything else fills cells of its own.
    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.of(scalar)
        if let column = cellBeforeCursor() {
            var cell = buffer[cursorRow, column]
            if let base = cell.text.unicodeScalars.first,
                DisplayWidth.joins(scalar, width: width, base: base, previous: cell.text.unicodeScalars.last, rules: rules)
            {
                let widens = DisplayWidth.widens(
                    scalar, base: base, previous: cell.text.unicodeScalars.last, width: cell.width, rules: rules)
                cell.text.unicodeScalars.append(scalar)
                if widens, column + 1 < buffer.width {
                    cell.width = 2
                    cursorColumn = column + 2
                }
                buffer.set(cell, row: cursorRow, column: column)
                return
            }
        }
        if width == 0 { return }
        guard cursorRow < buffer.height, cursorColumn + width <= buffer.width else {
            overflowCount += 1
            return
        }
        buffer.set(Cell(text: String(Character(scalar)), width: width, style: style), row: cursorRow, column: cursorColumn)
        cursorColumn += width
    }

    /// The column of the cell that ends just left of the cursor, if any.
    private func cellBeforeCursor() -> Int? {
        guard cursorRow < buffer.height, cursorColumn > 0 else { return nil }
        let column = min(cursorColumn, buffer.width) - 1
        if buffer[cursorRow, column].isContinuation { return column > 0 ? column - 1 : nil }
        return column
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: cursorColumn = 0
        case 0x0A: cursorRow = min(cursorRow + 1, max(0, buffer.height - 1))
        case 0x08: cursorColumn = max(0, cursorColumn - 1)
        default: break
        }
    }

    /// End index of the longest prefix of `bytes` that does not end inside a
    /// multi-byte UTF-8 character.
    private static func completeUTF8Prefix(_ bytes: ArraySlice<UInt8>) -> Int {
        var start = bytes.endIndex
        // Walk back over at most three continuation bytes to the lead byte.
        while start > bytes.startIndex, bytes.endIndex - start < 4 {
            start -= 1
            let byte = bytes[start]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.endIndex - start >= needed ? bytes.endIndex : start
            }
        }
        return bytes.endIndex
    }
}
