import Testing

@testable import TerminalTable

@Suite struct RendererTests {
    func frame(_ lines: [String], width: Int = 40) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { buffer.write(line, row: row, column: 0) }
        return buffer
    }

    let lines = (0..<10).map { "Row number \($0) with some text" }

    @Test func firstFrameIsFullRedraw() {
        var renderer = Renderer()
        let output = String(decoding: renderer.render(frame(lines)), as: UTF8.self)
        #expect(output.hasPrefix(EscapeSequence.beginSynchronizedUpdate))
        #expect(output.hasSuffix(EscapeSequence.endSynchronizedUpdate))
        #expect(output.contains(EscapeSequence.hideCursor))
        #expect(output.contains(EscapeSequence.clearScreen))
        for line in lines { #expect(output.contains(line)) }
    }

    @Test func identicalFrameWritesNothing() {
        var renderer = Renderer()
        _ = renderer.render(frame(lines))
        #expect(renderer.render(frame(lines)).isEmpty)
    }

    @Test func oneRowChangeWritesOnlyThatRow() {
        var renderer = Renderer()
        let full = renderer.render(frame(lines))
        var changed = lines
        changed[6] = "Row number 6 CHANGED!!"
        let update = renderer.render(frame(changed))
        let text = String(decoding: update, as: UTF8.self)
        #expect(update.count < full.count / 4)
        #expect(text.contains("CHANGED!!"))
        #expect(text.contains(EscapeSequence.moveCursor(row: 6, column: 13)))
        #expect(!text.contains("Row number 5"))
        #expect(!text.contains(EscapeSequence.clearScreen))
        for line in lines where line != lines[6] { #expect(!text.contains(line)) }
    }

    @Test func styleOnlyChangeEmitsSGR() {
        var renderer = Renderer()
        var buffer = frame(["abc"], width: 5)
        _ = renderer.render(buffer)
        buffer.write("b", row: 0, column: 1, style: Style(bold: true))
        let text = String(decoding: renderer.render(buffer), as: UTF8.self)
        #expect(text.contains(EscapeSequence.moveCursor(row: 0, column: 1) + "\u{1B}[1mb\u{1B}[0m"))
    }

    @Test func resizeForcesFullRedraw() {
        var renderer = Renderer()
        _ = renderer.render(frame(lines, width: 40))
        let text = String(decoding: renderer.render(frame(lines, width: 30)), as: UTF8.self)
        #expect(text.contains(EscapeSequence.clearScreen))
    }

    @Test func invalidateForcesFullRedraw() {
        var renderer = Renderer()
        _ = renderer.render(frame(lines))
        renderer.invalidate()
        let text = String(decoding: renderer.render(frame(lines)), as: UTF8.self)
        #expect(text.contains(EscapeSequence.clearScreen))
        #expect(text.contains(lines[9]))
        let forced = String(decoding: renderer.render(frame(lines), forceFullRedraw: true), as: UTF8.self)
        #expect(forced.contains(lines[3]))
    }

    @Test func wideCharactersAtRightEdgeOnVirtualScreen() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 6, height: 2)
        var buffer = CellBuffer(width: 6, height: 2)
        buffer.write("ab東京", row: 0, column: 0)  // exactly fills the row
        buffer.write("abc東京", row: 1, column: 0)  // 京 does not fit
        screen.feed(renderer.render(buffer))
        #expect(screen.lines == ["ab東京", "abc東 "])
        #expect(screen.overflowCount == 0)
        // Replace a wide character by two narrow ones and back.
        buffer.write("xy", row: 0, column: 2)
        screen.feed(renderer.render(buffer))
        #expect(screen.lines[0] == "abxy京")
        buffer.write("東", row: 0, column: 2)
        screen.feed(renderer.render(buffer))
        #expect(screen.lines[0] == "ab東京")
    }

    @Test(arguments: 0..<20)
    func randomFramesAlwaysMatchOnScreen(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let alphabet: [String] = ["a", "b", "東", "한", "😀", " ", "é", "─"]
        let styles = [Style.plain, Style(bold: true), Style(foreground: RGB(200, 0, 0)), Style(underline: true, reverse: true)]
        var renderer = Renderer()
        var screen = VirtualScreen(width: 12, height: 4)
        for _ in 0..<8 {
            var buffer = CellBuffer(width: 12, height: 4)
            for row in 0..<4 {
                var text = ""
                for _ in 0..<Int.random(in: 0...12, using: &generator) { text += alphabet.randomElement(using: &generator)! }
                buffer.write(
                    text, row: row, column: Int.random(in: 0...3, using: &generator), style: styles.randomElement(using: &generator)!)
            }
            screen.feed(renderer.render(buffer))
            #expect(screen.buffer == buffer)
            #expect(screen.overflowCount == 0)
        }
    }
}

/// Deterministic randomness so a failing case can be replayed.
@Suite("Renderer: text terminals may measure otherwise")
struct UncertainWidthTests {
    @Test("a changed line with a Devanagari cluster is erased and written whole, the cursor placed after each cluster")
    func devanagari() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 30, height: 2)
        var old = CellBuffer(width: 30, height: 2)
        old.write("गंगा पैलेस │ Mumbai", row: 0, column: 0)
        screen.feed(renderer.render(old))
        var new = CellBuffer(width: 30, height: 2)
        new.write("Hauz Khas Hotel │ Delhi", row: 0, column: 0)
        let text = String(decoding: renderer.render(new), as: UTF8.self)
        #expect(text.contains(EscapeSequence.moveCursor(row: 0, column: 0) + EscapeSequence.eraseToEndOfLine))
        screen.feed(Array(text.utf8))
        #expect(screen.buffer == new)
        // Back: each cluster is followed by an absolute move.
        let back = String(decoding: renderer.render(old), as: UTF8.self)
        #expect(back.contains("गं" + EscapeSequence.moveCursor(row: 0, column: 1)))
        #expect(!Renderer.hasUncertainWidth(Cell("a")) && !Renderer.hasUncertainWidth(Cell("東")))
        #expect(Renderer.hasUncertainWidth(Cell(text: "गं", width: 1)) && Renderer.hasUncertainWidth(Cell(text: "ा", width: 1)))
    }

    @Test("a changed line with Arabic is rewritten too, in one run")
    func arabic() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 2)
        var old = CellBuffer(width: 40, height: 2)
        old.write("Metropolitan Apartments │ Bangkok", row: 0, column: 0)
        screen.feed(renderer.render(old))
        var new = CellBuffer(width: 40, height: 2)
        new.write("شقق فندقية │ Cairo", row: 0, column: 0)
        let text = String(decoding: renderer.render(new), as: UTF8.self)
        #expect(text.contains(EscapeSequence.moveCursor(row: 0, column: 0) + EscapeSequence.eraseToEndOfLine + "شقق فندقية"))
        screen.feed(Array(text.utf8))
        #expect(screen.buffer == new)
    }

    @Test("lines of plain text keep the plain diff")
    func plain() {
        var renderer = Renderer()
        var old = CellBuffer(width: 30, height: 2)
        old.write("Hotel Adlon │ Berlin", row: 0, column: 0)
        _ = renderer.render(old)
        var new = CellBuffer(width: 30, height: 2)
        new.write("Hotel Adlon │ Bonn", row: 0, column: 0)
        #expect(!String(decoding: renderer.render(new), as: UTF8.self).contains(EscapeSequence.eraseToEndOfLine))
    }
}

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var value = state
        value ^= value >> 33
        value = value &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        return value
    }
}
