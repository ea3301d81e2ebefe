import Testing

@testable import TerminalTable

/// The renderer moves lines with a scroll region when the frame scrolled, and the
/// emulated screen ends up identical to the frame either way.
@Suite("Scroll regions")
struct ScrollRegionTests {
    static func frame(firstRow: Int, selected: Int, width: Int = 60, height: Int = 20) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        buffer.write("Header │ City", row: 0, column: 0, style: Style(bold: true))
        for line in 1..<(height - 1) {
            let row = firstRow + line - 1
            let style = row == selected ? Style(reverse: true) : Style(foreground: RGB(UInt8(row % 200), 80, 80))
            buffer.write("Hotel \(row) กำแพง 東京 │ City \(row % 7)", row: line, column: 0, style: style)
        }
        buffer.write("row \(selected + 1) of 500", row: height - 1, column: 0)
        return buffer
    }

    @Test("one row down scrolls the body with SU inside DECSTBM and sends far less than a redraw")
    func oneRowScroll() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 60, height: 20)
        let first = Self.frame(firstRow: 0, selected: 17)
        screen.feed(renderer.render(first))
        let next = Self.frame(firstRow: 1, selected: 18)
        let bytes = renderer.render(next)
        screen.feed(bytes)
        #expect(screen.buffer == next)
        #expect(screen.scrolledLineCount == 1)
        let text = String(decoding: bytes, as: UTF8.self)
        // The region starts below the header and leaves the status line alone.
        #expect(text.contains("\u{1B}[2;18r\u{1B}[1S\u{1B}[r"))
        var plain = Renderer(usesScrollRegions: false)
        _ = plain.render(first)
        let diffOnly = plain.render(next)
        #expect(bytes.count * 4 < diffOnly.count, "\(bytes.count) bytes with a scroll region, \(diffOnly.count) without")
    }

    @Test("one row up scrolls down with SD")
    func oneRowUp() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 60, height: 20)
        screen.feed(renderer.render(Self.frame(firstRow: 10, selected: 10)))
        let next = Self.frame(firstRow: 9, selected: 9)
        let bytes = renderer.render(next)
        screen.feed(bytes)
        #expect(screen.buffer == next)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[1T"))
    }

    @Test("a page jump has nothing in common and falls back to the diff")
    func pageJump() {
        var renderer = Renderer()
        _ = renderer.render(Self.frame(firstRow: 0, selected: 0))
        let bytes = renderer.render(Self.frame(firstRow: 18, selected: 18))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("r\u{1B}["))
    }

    @Test("a long scroll, row by row and in jumps, leaves exactly what a fresh full redraw shows", arguments: 0..<6)
    func longScrollEqualsRedraw(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var renderer = Renderer()
        var screen = VirtualScreen(width: 60, height: 20)
        var top = 100
        var selected = 100
        for _ in 0..<120 {
            let step = [1, 1, 1, -1, -1, 2, -3, 5, 18, -18].randomElement(using: &generator)!
            top = max(0, top + step)
            selected = top + Int.random(in: 0..<18, using: &generator)
            let frame = Self.frame(firstRow: top, selected: selected)
            screen.feed(renderer.render(frame))
            #expect(screen.buffer == frame)
        }
        var fresh = VirtualScreen(width: 60, height: 20)
        var freshRenderer = Renderer()
        fresh.feed(freshRenderer.render(Self.frame(firstRow: top, selected: selected)))
        #expect(screen.lines == fresh.lines)
        #expect(screen.buffer == fresh.buffer)
        #expect(screen.scrolledLineCount > 0)
    }

    @Test("the line scroll search: unchanged frames and lone edits do not scroll")
    func lineScrollSearch() {
        #expect(LineScroll.best(from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4, 5]) == nil)
        #expect(LineScroll.best(from: [1, 2, 3, 4, 5], to: [1, 2, 9, 4, 5]) == nil)
        #expect(LineScroll.best(from: [0, 1, 2, 3, 4, 5, 6, 9], to: [0, 2, 3, 4, 5, 6, 7, 9]) == LineScroll(region: 1...6, count: 1))
        #expect(LineScroll.best(from: [0, 1, 2, 3, 4, 5, 6, 9], to: [0, 8, 1, 2, 3, 4, 5, 9]) == LineScroll(region: 1...6, count: -1))
    }
}
