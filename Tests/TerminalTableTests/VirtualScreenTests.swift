import Testing

@testable import TerminalTable

@Suite struct VirtualScreenTests {
    @Test func interpretsCursorMovesAndText() {
        var screen = VirtualScreen(width: 8, height: 3)
        screen.feed(bytes("\u{1B}[2;3Hhi\u{1B}[1;1Hx"))
        #expect(screen.lines == ["x       ", "  hi    ", "        "])
    }

    @Test func interpretsSGR() {
        var screen = VirtualScreen(width: 4, height: 1)
        screen.feed(bytes("\u{1B}[1;38;2;10;20;30mA\u{1B}[0mB\u{1B}[7;48;2;1;2;3mC"))
        #expect(screen.buffer[0, 0].style == Style(foreground: RGB(10, 20, 30), bold: true))
        #expect(screen.buffer[0, 1].style == .plain)
        #expect(screen.buffer[0, 2].style == Style(background: RGB(1, 2, 3), reverse: true))
    }

    @Test func clearsAndModes() {
        var screen = VirtualScreen(width: 3, height: 2)
        screen.feed(bytes("abc\u{1B}[?25l\u{1B}[?1049h\u{1B}[?1006h"))
        #expect(!screen.isCursorVisible)
        #expect(screen.isAlternateScreen)
        #expect(screen.isMouseEnabled)
        screen.feed(bytes("\u{1B}[1;1Hxyz\u{1B}[2J"))
        #expect(screen.lines == ["   ", "   "])
        screen.feed(bytes("\u{1B}[1;1Habc\u{1B}[1;2H\u{1B}[K"))
        #expect(screen.lines[0] == "a  ")
    }

    @Test func splitWritesAreReassembled() {
        var screen = VirtualScreen(width: 6, height: 1)
        let data = bytes("\u{1B}[1;2H東\u{1B}[1m京")
        for byte in data { screen.feed([byte]) }
        #expect(screen.lines == [" 東京 "])
        #expect(screen.buffer[0, 3].style.bold)
    }

    @Test func countsOverflowInsteadOfWrapping() {
        var screen = VirtualScreen(width: 3, height: 2)
        screen.feed(bytes("abcd"))
        #expect(screen.lines == ["abc", "   "])
        #expect(screen.overflowCount == 1)
    }
}
