/// One line of text being typed at a prompt, edited the way a shell line is.
///
/// Pure: it takes keys and says what happened; drawing is the caller's. The cursor is a
/// grapheme index (0 = before the first character, `characters.count` = after the last),
/// so a wide or combined character is stepped over in one move.
///
/// | key | does |
/// |---|---|
/// | printable character | inserts at the cursor |
/// | `Backspace` (also Ctrl-H) | deletes before the cursor |
/// | `Delete`, Ctrl-D | deletes under the cursor |
/// | Ctrl-U | deletes from the start of the line to the cursor |
/// | Ctrl-K | deletes from the cursor to the end |
/// | Ctrl-W | deletes the word before the cursor: spaces, then non-spaces |
/// | `←` `→` (also Ctrl-B, Ctrl-F) | move one character |
/// | `Home` `End` (also Ctrl-A, Ctrl-E) | move to the start / end |
/// | `Enter` | `.accepted(text)` |
/// | `Esc` | `.cancelled` |
///
/// ```swift
/// var editor = LineEditor()
/// for character in "stars:4 city" { _ = editor.handle(.char(character)) }
/// editor.handle(.ctrl("w"))   // .editing; text is "stars:4 "
/// editor.handle(.enter)       // .accepted("stars:4 ")
/// ```
public struct LineEditor: Sendable, Equatable {
    /// What a key did to the line.
    public enum Outcome: Sendable, Equatable {
        /// Still editing (the key changed the line or the cursor, or was ignored).
        case editing
        /// Enter: the line as typed.
        case accepted(String)
        /// Esc: the caller should drop the line.
        case cancelled
    }

    public private(set) var characters: [Character]
    public private(set) var cursor: Int
    /// Characters beyond this are not inserted, so a runaway paste stays bounded.
    public let maxLength: Int

    /// A line holding `text` with the cursor at its end. Prompts start empty.
    public init(text: String = "", maxLength: Int = 256) {
        self.maxLength = max(0, maxLength)
        characters = Array(text.prefix(self.maxLength))
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies one key.
    @discardableResult
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return .accepted(text)
        case .escape: return .cancelled
        case .char(let character): insert(character)
        case .backspace: deleteBackward()
        case .delete, .ctrl("d"): deleteForward()
        case .ctrl("u"): killToStart()
        case .ctrl("k"): characters.removeSubrange(cursor...)
        case .ctrl("w"): killWordBackward()
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = characters.count
        default: break
        }
        return .editing
    }

    /// Inserts at the cursor. Characters the sanitizer would change (controls, bidi
    /// overrides, a stray ZWJ) are refused: the line is drawn on the status bar, and what
    /// is drawn must be what is typed.
    public mutating func insert(_ character: Character) {
        // Also a lone ZWJ: the sanitizer drops it when drawing, and the cursor would be off by it.
        let text = String(character)
        guard characters.count < maxLength, Sanitizer.standard.sanitize(text) == text else { return }
        characters.insert(character, at: cursor)
        cursor += 1
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    public mutating func killToStart() {
        characters.removeSubrange(..<cursor)
        cursor = 0
    }

    /// Shell rules (bash's `unix-word-rubout`): first the spaces before the cursor, then
    /// the non-spaces before those.
    public mutating func killWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// The part of the line to draw in `width` cells and the cursor's cell within it. The
    /// cursor needs a cell of its own at the end of the line, so a line that fills the
    /// width is scrolled to keep the cursor in view.
    ///
    /// ```swift
    /// LineEditor(text: "abcdef").visible(width: 4)   // ("def", 3)
    /// ```
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let widths = characters.map { DisplayWidth.of($0) }
        var start = 0
        var beforeCursor = widths[..<cursor].reduce(0, +)
        while start < cursor, beforeCursor + 1 > width {
            beforeCursor -= widths[start]
            start += 1
        }
        var end = start
        var used = 0
        while end < characters.count, used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        return (String(characters[start..<end]), beforeCursor)
    }
}
