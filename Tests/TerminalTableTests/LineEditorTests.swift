import Testing

@testable import TerminalTable

@Suite struct LineEditorTests {
    /// An editor after typing `text` (cursor at the end).
    func typed(_ text: String) -> LineEditor {
        var editor = LineEditor()
        for character in text { editor.handle(.char(character)) }
        return editor
    }

    @Test func startsEmptyAndInsertsAtTheCursor() {
        var editor = LineEditor()
        #expect(editor.text.isEmpty && editor.cursor == 0)
        editor = typed("ac")
        editor.handle(.left)
        editor.handle(.char("b"))
        #expect(editor.text == "abc")
        #expect(editor.cursor == 2)
    }

    @Test func backspaceAndDelete() {
        var editor = typed("abcd")
        editor.handle(.backspace)
        #expect(editor.text == "abc" && editor.cursor == 3)
        editor.handle(.home)
        editor.handle(.backspace)  // nothing before the cursor
        #expect(editor.text == "abc")
        editor.handle(.delete)
        #expect(editor.text == "bc" && editor.cursor == 0)
        editor.handle(.ctrl("d"))
        #expect(editor.text == "c")
        editor.handle(.end)
        editor.handle(.delete)  // nothing under the cursor
        #expect(editor.text == "c" && editor.cursor == 1)
    }

    @Test func controlUKillsToTheStartOfTheLine() {
        var editor = typed("stars:4 city:Paris")
        for _ in 0..<5 { editor.handle(.left) }
        editor.handle(.ctrl("u"))
        #expect(editor.text == "Paris")
        #expect(editor.cursor == 0)
    }

    @Test func controlKKillsToTheEnd() {
        var editor = typed("stars:4 city:Paris")
        for _ in 0..<11 { editor.handle(.left) }
        editor.handle(.ctrl("k"))
        #expect(editor.text == "stars:4")
        #expect(editor.cursor == 7)
    }

    @Test func controlWKillsThePreviousWordShellStyle() {
        var editor = typed("stars:4  city:Paris  ")
        editor.handle(.ctrl("w"))  // trailing spaces, then the word
        #expect(editor.text == "stars:4  ")
        editor.handle(.ctrl("w"))
        #expect(editor.text.isEmpty)
        editor.handle(.ctrl("w"))  // nothing left: harmless
        #expect(editor.text.isEmpty && editor.cursor == 0)

        editor = typed("one two three")
        for _ in 0..<3 { editor.handle(.left) }  // inside "three", after "th"
        editor.handle(.ctrl("w"))  // only what is before the cursor goes
        #expect(editor.text == "one two ree")
        #expect(editor.cursor == 8)
    }

    @Test func arrowsHomeEndAndTheirControlKeys() {
        var editor = typed("héllo")
        editor.handle(.home)
        #expect(editor.cursor == 0)
        editor.handle(.left)
        #expect(editor.cursor == 0)
        editor.handle(.right)
        editor.handle(.ctrl("f"))
        #expect(editor.cursor == 2)
        editor.handle(.ctrl("b"))
        #expect(editor.cursor == 1)
        editor.handle(.end)
        #expect(editor.cursor == 5)
        editor.handle(.right)
        #expect(editor.cursor == 5)
        editor.handle(.ctrl("a"))
        #expect(editor.cursor == 0)
        editor.handle(.ctrl("e"))
        #expect(editor.cursor == 5)
    }

    @Test func enterAcceptsEscapeCancels() {
        var editor = typed("Paris")
        #expect(editor.handle(.char("!")) == .editing)
        #expect(editor.handle(.enter) == .accepted("Paris!"))
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.down) == .editing)  // other keys are ignored
        #expect(editor.text == "Paris!")
    }

    @Test func graphemesAreOneStepAndDangerousCharactersAreRefused() {
        var editor = typed("東e\u{301}")  // a wide character and e + combining acute: two graphemes
        #expect(editor.cursor == 2)
        editor.handle(.left)
        editor.handle(.backspace)
        #expect(editor.text == "e\u{301}")
        editor.handle(.char("\u{202E}"))  // a bidi override
        editor.handle(.char("\u{9B}"))  // C1 CSI
        #expect(editor.text == "e\u{301}")
    }

    @Test func maxLengthBoundsTheLine() {
        var editor = LineEditor(maxLength: 3)
        for character in "abcdef" { editor.handle(.char(character)) }
        #expect(editor.text == "abc")
    }

    @Test func visibleKeepsTheCursorInView() {
        #expect(LineEditor(text: "abc").visible(width: 10) == ("abc", 3))
        #expect(LineEditor(text: "abcdef").visible(width: 4) == ("def", 3))
        var editor = LineEditor(text: "abcdef")
        editor.handle(.home)
        #expect(editor.visible(width: 4) == ("abcd", 0))
        // Wide characters are measured by display width.
        #expect(LineEditor(text: "東京都").visible(width: 5) == ("京都", 4))
        #expect(LineEditor(text: "abc").visible(width: 0) == ("", 0))
    }
}

@Suite struct LineEditorSanitizingTests {
    @Test("what the sanitizer would change is not typed: the drawn line and its cursor stay the typed ones")
    func refusesWhatTheSanitizerChanges() {
        var editor = LineEditor()
        for character in ["a", "\u{200D}", "\u{1B}", "\u{202E}", "b"] as [Character] { editor.handle(.char(character)) }
        #expect(editor.text == "ab")
        #expect(editor.cursor == 2)
        editor.handle(.char("👨‍👩‍👧"))  // a ZWJ inside a family emoji is kept
        #expect(editor.text == "ab👨‍👩‍👧")
    }
}
