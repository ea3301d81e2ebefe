import Testing

@testable import TerminalTable

@Suite struct EscapeSequenceTests {
    @Test func cursorMoveIsOneBased() {
        #expect(EscapeSequence.moveCursor(row: 0, column: 0) == "\u{1B}[1;1H")
        #expect(EscapeSequence.moveCursor(row: 4, column: 9) == "\u{1B}[5;10H")
    }

    @Test func modes() {
        #expect(EscapeSequence.enterAlternateScreen == "\u{1B}[?1049h")
        #expect(EscapeSequence.leaveAlternateScreen == "\u{1B}[?1049l")
        #expect(EscapeSequence.beginSynchronizedUpdate == "\u{1B}[?2026h")
        #expect(EscapeSequence.endSynchronizedUpdate == "\u{1B}[?2026l")
        #expect(EscapeSequence.hideCursor == "\u{1B}[?25l")
        #expect(EscapeSequence.showCursor == "\u{1B}[?25h")
        #expect(EscapeSequence.enableMouse.contains("\u{1B}[?1006h"))
        #expect(EscapeSequence.enableMouse.contains("\u{1B}[?1000h"))
        #expect(EscapeSequence.enableMouse.contains("\u{1B}[?1002h"))
        #expect(EscapeSequence.disableMouse.contains("\u{1B}[?1006l"))
        #expect(EscapeSequence.disableBracketedPaste == "\u{1B}[?2004l")
        #expect(EscapeSequence.disableLineWrap == "\u{1B}[?7l")
        #expect(EscapeSequence.enableLineWrap == "\u{1B}[?7h")
    }

    @Test func truecolor() {
        #expect(EscapeSequence.foreground(RGB(1, 2, 3)) == "\u{1B}[38;2;1;2;3m")
        #expect(EscapeSequence.background(RGB(255, 0, 128)) == "\u{1B}[48;2;255;0;128m")
    }

    @Test func fullStyle() {
        let style = Style(foreground: RGB(10, 20, 30), background: RGB(1, 1, 1), bold: true, reverse: true)
        #expect(EscapeSequence.style(style) == "\u{1B}[0;1;7;38;2;10;20;30;48;2;1;1;1m")
        #expect(EscapeSequence.style(.plain) == "\u{1B}[0m")
    }

    @Test func transitionsAreMinimal() {
        #expect(EscapeSequence.transition(from: .plain, to: .plain) == "")
        #expect(EscapeSequence.transition(from: .plain, to: Style(bold: true)) == "\u{1B}[1m")
        #expect(EscapeSequence.transition(from: Style(bold: true), to: Style(bold: true, underline: true)) == "\u{1B}[4m")
        #expect(
            EscapeSequence.transition(from: Style(foreground: RGB(1, 1, 1)), to: Style(foreground: RGB(2, 2, 2))) == "\u{1B}[38;2;2;2;2m")
        #expect(EscapeSequence.transition(from: Style(foreground: RGB(1, 1, 1)), to: .plain) == "\u{1B}[39m")
        #expect(EscapeSequence.transition(from: Style(background: RGB(1, 1, 1)), to: .plain) == "\u{1B}[49m")
        // Losing an attribute needs a reset.
        #expect(EscapeSequence.transition(from: Style(bold: true), to: Style(dim: true)) == "\u{1B}[0;2m")
    }

    @Test func leaveUndoesEnter() {
        let enter = EscapeSequence.enterInteractive
        let leave = EscapeSequence.leaveInteractive
        #expect(enter.contains(EscapeSequence.enterAlternateScreen) && leave.contains(EscapeSequence.leaveAlternateScreen))
        #expect(enter.contains(EscapeSequence.hideCursor) && leave.contains(EscapeSequence.showCursor))
        #expect(enter.contains(EscapeSequence.enableMouse) && leave.contains(EscapeSequence.disableMouse))
        #expect(enter.contains(EscapeSequence.disableLineWrap) && leave.contains(EscapeSequence.enableLineWrap))
    }
}

@Suite struct ClipboardSequenceTests {
    @Test func osc52CarriesTheBytesInBase64() {
        #expect(EscapeSequence.copyToClipboard(Array("hi".utf8)) == "\u{1B}]52;c;aGk=\u{07}")
        #expect(EscapeSequence.copyToClipboard(Array("Zürich,\"x\"".utf8)) == "\u{1B}]52;c;WsO8cmljaCwieCI=\u{07}")
        #expect(EscapeSequence.copyToClipboard([]) == "\u{1B}]52;c;\u{07}")
    }
}
