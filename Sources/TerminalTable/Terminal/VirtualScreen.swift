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
    /// How many characters were written past the right or bottom edge and dropped.
    /// Layout code should keep this at 0.
    public internal(set) var overflowCount = 0

    /// Bytes of an escape sequence or UTF-8 character cut off at the end of a write.
    private var pending: [UInt8] = []

    public init(width: Int, height: Int) {
        buffer = CellBuffer(width: width, height: height)
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
                for character in String(decoding: input[index..<complete], as: UTF8.self) {
                    put(character)
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

    private mutating func put(_ character: Character) {
        let cell = Cell(character, style: style)
        if cell.width == 0 { return }
        guard cursorRow < buffer.height, cursorColumn + cell.width <= buffer.width else {
            overflowCount += 1
            return
        }
        buffer.set(cell, row: cursorRow, column: cursorColumn)
        cursorColumn += cell.width
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
