import Testing

@testable import TerminalTable

/// APC (kitty graphics), DCS (tmux passthrough) and OSC strings draw nothing: the
/// screen must look as if they had not been sent.
@Suite struct VirtualScreenControlStringTests {
    let graphics = "\u{1B}_Ga=T,f=100,i=7,U=1,c=2,r=1,C=1,q=2,m=0;iVBORw0KGgo=\u{1B}\\"

    @Test func ignoresKittyGraphicsCommands() {
        var screen = VirtualScreen(width: 8, height: 2)
        screen.feed(bytes("ab" + graphics + "cd\u{1B}[2;1H" + graphics + graphics + "x"))
        #expect(screen.lines == ["abcd    ", "x       "])
        #expect(screen.cursorColumn == 1)
        #expect(screen.overflowCount == 0)
    }

    @Test func ignoresTmuxPassthrough() {
        var screen = VirtualScreen(width: 8, height: 1)
        let wrapped = EscapeSequence.tmuxPassthrough(graphics) + EscapeSequence.tmuxPassthrough(EscapeSequence.kittyDelete(id: 7))
        screen.feed(bytes("a" + wrapped + "b\u{1B}[1mc"))
        #expect(screen.lines == ["abc     "])
        #expect(screen.buffer[0, 2].style.bold)
    }

    @Test func ignoresOSCEndedByBellOrST() {
        var screen = VirtualScreen(width: 8, height: 1)
        screen.feed(bytes("a\u{1B}]0;title\u{07}b\u{1B}]8;;http://x\u{1B}\\c"))
        #expect(screen.lines == ["abc     "])
    }

    @Test func reassemblesControlStringsSplitAcrossWrites() {
        var screen = VirtualScreen(width: 8, height: 1)
        let data = bytes("a" + EscapeSequence.tmuxPassthrough(graphics) + "b" + graphics + "c")
        for byte in data { screen.feed([byte]) }
        #expect(screen.lines == ["abc     "])
    }

    @Test func strayEscapeEndsTheStringAndStartsASequence() {
        // A real terminal aborts a control string at an ESC that is not ST; what follows
        // is parsed as a new sequence, not swallowed.
        var screen = VirtualScreen(width: 8, height: 2)
        screen.feed(bytes("\u{1B}_Gbroken\u{1B}[2;2Hx"))
        #expect(screen.lines == ["        ", " x      "])
    }

    @Test func rendererOutputAfterGraphicsStillMatches() throws {
        // Uploads written before a frame leave the frame intact on screen.
        let image = try #require(KittyImage(id: 0x01_02_03, columns: 2, rows: 1, format: .png, payload: fakePNG(count: 5000)))
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("ab", row: 0, column: 0)
        buffer.set(image[0, 0], row: 0, column: 2)
        buffer.set(image[0, 1], row: 0, column: 3)
        buffer.write("cd", row: 0, column: 4)
        var renderer = Renderer()
        var screen = VirtualScreen(width: 6, height: 1)
        screen.feed(bytes(image.transmitSequence(inTmux: true)))
        screen.feed(renderer.render(buffer))
        #expect(screen.buffer == buffer)
        #expect(screen.overflowCount == 0)
    }
}
