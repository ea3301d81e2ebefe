import Testing

@testable import TerminalTable

@Suite struct SanitizerTests {
    let sanitizer = Sanitizer()

    @Test func cleanTextIsUnchanged() {
        #expect(sanitizer.sanitize("Hotel 東京 🏨 e\u{301}") == "Hotel 東京 🏨 e\u{301}")
    }

    @Test func escapeSequenceIsNeutralized() {
        let result = sanitizer.sanitize("\u{1B}[31mRed")
        #expect(!result.unicodeScalars.contains("\u{1B}"))
        #expect(result == "\u{FFFD}[31mRed")
    }

    @Test func clearScreenInjectionIsNeutralized() {
        let result = sanitizer.sanitize("Evil\u{1B}[2J\u{1B}]0;title\u{7}")
        #expect(result.unicodeScalars.allSatisfy { !Sanitizer.isDangerous($0) })
    }

    @Test func c0ControlsIncludingWhitespaceAreReplaced() {
        #expect(sanitizer.sanitize("a\tb\rc\nd") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(sanitizer.sanitize("\u{0}\u{7}\u{8}") == "\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func delAndC1ControlsAreReplaced() {
        #expect(sanitizer.sanitize("a\u{7F}b") == "a\u{FFFD}b")
        // U+009B is the 8-bit CSI: some terminals treat it like ESC [.
        #expect(sanitizer.sanitize("\u{9B}31m") == "\u{FFFD}31m")
        #expect(sanitizer.sanitize("\u{80}\u{9F}") == "\u{FFFD}\u{FFFD}")
    }

    @Test func bidiControlsAreReplaced() {
        let rtlOverride = "abc\u{202E}fed"
        #expect(sanitizer.sanitize(rtlOverride) == "abc\u{FFFD}fed")
        for scalar in [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}",
            "\u{061C}",
        ] {
            #expect(sanitizer.sanitize("x\(scalar)y") == "x\u{FFFD}y")
        }
    }

    @Test func customReplacement() {
        #expect(Sanitizer(replacement: "·").sanitize("a\tb") == "a·b")
    }

    @Test func sanitizedTextHasSaneWidth() {
        let result = sanitizer.sanitize("\u{1B}[2J")
        #expect(DisplayWidth.of(result) == 4)
    }

    @Test func combiningMarkAfterControlStaysHarmless() {
        let result = sanitizer.sanitize("\u{1B}\u{301}x")
        #expect(!result.unicodeScalars.contains("\u{1B}"))
    }
}
