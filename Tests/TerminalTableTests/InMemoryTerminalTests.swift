import Testing

@testable import TerminalTable

@Suite struct InMemoryTerminalTests {
    @Test func enterAndRestore() throws {
        let terminal = InMemoryTerminal(width: 10, height: 3)
        try terminal.enter()
        #expect(terminal.isInteractive)
        #expect(terminal.virtualScreen.isAlternateScreen)
        #expect(!terminal.virtualScreen.isCursorVisible)
        #expect(terminal.virtualScreen.isMouseEnabled)
        terminal.restore()
        terminal.restore()  // idempotent: second call writes nothing
        #expect(!terminal.isInteractive)
        #expect(!terminal.virtualScreen.isAlternateScreen)
        #expect(terminal.virtualScreen.isCursorVisible)
        #expect(terminal.writtenText.components(separatedBy: EscapeSequence.leaveAlternateScreen).count == 2)
    }

    @Test func screenPresentsFrames() {
        let terminal = InMemoryTerminal(width: 8, height: 2)
        var screen = TerminalScreen(terminal)
        var frame = CellBuffer(width: 8, height: 2)
        frame.write("hello", row: 1, column: 2, style: Style(bold: true))
        screen.present(frame)
        #expect(terminal.screenLines == ["        ", "  hello "])
        #expect(terminal.style(row: 1, column: 2).bold)
        #expect(!terminal.style(row: 1, column: 1).bold)
        terminal.clearWritten()
        screen.present(frame)
        #expect(terminal.written.isEmpty)
    }

    @Test func injectedKeysArriveInOrder() async {
        let terminal = InMemoryTerminal(width: 8, height: 2)
        terminal.inject(.down, .char("q"))
        terminal.inject(bytes: bytes("\u{1B}[6~"))
        terminal.resize(width: 4, height: 2)
        terminal.finishInput()
        var keys: [Key] = []
        for await key in terminal.events { keys.append(key) }
        #expect(keys == [.down, .char("q"), .pageDown, .resize])
        #expect(terminal.size == TerminalSize(width: 4, height: 2))
    }
}
