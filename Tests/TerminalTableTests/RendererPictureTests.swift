import Testing

@testable import TerminalTable

/// Pictures the terminal draws itself (sixel, iTerm2, kitty placed directly) through the
/// renderer: drawn once, moved by scroll regions, taken away when their cells change,
/// never left behind, never drawn over text. `VirtualScreen` draws the test pictures as
/// cell-bound images, like sixel and iTerm2, so the screen can be compared with the frame.
@Suite("Renderer: terminal-drawn pictures")
struct RendererPictureTests {
    /// Draws `VirtualScreen` pictures; removing one is a visible marker.
    struct Pictures: PictureSource {
        var sizes: [UInt32: (Int, Int)] = [:]
        var removal = ""
        func drawSequence(for id: UInt32) -> String? {
            sizes[id].map { VirtualScreen.pictureSequence(id: id, columns: $0.0, rows: $0.1) }
        }
        func removeSequence(for id: UInt32) -> String { removal.isEmpty ? "" : "<\(removal)\(id)>" }
    }

    /// A table of `rows` two-line rows from `first`, each with a 4 × 2 picture (id = row
    /// number + 1) and its name: a header, the body, a status line.
    static func frame(first: Int, height: Int = 22, width: Int = 40, panel: Bool = false, selected: Int? = nil) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        buffer.write("Logo │ Name", row: 0, column: 0, style: Style(bold: true))
        var line = 1
        var row = first
        while line + 1 < height - 1 {
            buffer.draw(TerminalPicture(id: UInt32(row + 1), columns: 4, rows: 2), row: line, column: 0)
            // The selected row is highlighted around its picture, as the browse table does.
            let style = row == selected ? Style(reverse: true) : .plain
            buffer.write(" │ Hotel \(row)", row: line, column: 4, style: style)
            buffer.write(" │", row: line + 1, column: 4, style: style)
            line += 2
            row += 1
        }
        if panel { buffer.fill(row: 3, column: 2, width: 20, height: 4, with: .blank(Style(reverse: true))) }
        buffer.write("row \(first + 1)", row: height - 1, column: 0)
        return buffer
    }

    static let pictures = Pictures(sizes: Dictionary(uniqueKeysWithValues: (1...200).map { (UInt32($0), (4, 2)) }))

    static func drawn(_ bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: VirtualScreen.pictureMarker).count - 1
    }

    @Test("the first frame draws every picture once, at its top-left cell; the same frame again sends nothing")
    func firstFrame() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        let frame = Self.frame(first: 0)
        let bytes = renderer.render(frame, pictures: Self.pictures)
        screen.feed(bytes)
        #expect(Self.drawn(bytes) == 10)
        #expect(screen.buffer == frame)
        #expect(renderer.render(frame, pictures: Self.pictures).isEmpty)
    }

    @Test("a one-row scroll moves the pictures with the region and draws only the one that enters")
    func oneRowScroll() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        screen.feed(renderer.render(Self.frame(first: 0), pictures: Self.pictures))
        for first in 1...30 {
            let frame = Self.frame(first: first)
            let bytes = renderer.render(frame, pictures: Self.pictures)
            screen.feed(bytes)
            #expect(Self.drawn(bytes) == 1, "scroll to \(first)")
            #expect(screen.buffer == frame, "scroll to \(first)")
        }
        #expect(screen.scrolledLineCount == 60)
    }

    /// Two renderers set for kitty before 0.27, alike: one whose removals show as markers in
    /// the bytes, one whose bytes go to the screen (a marker would be written there as text).
    struct QuirkRenderers {
        var marked = Renderer()
        var plain = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        var markers = RendererPictureTests.pictures

        init(first: Int) {
            marked.picturesAtRegionBottomStay = true
            plain.picturesAtRegionBottomStay = true
            markers.removal = "R"
            _ = render(first: first)
        }

        /// The frame at `first`, the marked bytes as text, and the plain bytes (on the screen now).
        mutating func render(first: Int) -> (frame: CellBuffer, text: String, bytes: [UInt8]) {
            let frame = RendererPictureTests.frame(first: first)
            let text = String(decoding: marked.render(frame, pictures: markers), as: UTF8.self)
            let bytes = plain.render(frame, pictures: RendererPictureTests.pictures)
            screen.feed(bytes)
            return (frame, text, bytes)
        }
    }

    /// What a renderer for a terminal that scrolls every picture sends from `first` to
    /// `next`, removals marked.
    static func usualText(from first: Int, to next: Int) -> String {
        var markers = pictures
        markers.removal = "R"
        var usual = Renderer()
        _ = usual.render(frame(first: first), pictures: markers)
        return String(decoding: usual.render(frame(first: next), pictures: markers), as: UTF8.self)
    }

    @Test("kitty before 0.27 leaves the picture on the region's last line behind: it is taken away and drawn at its new place")
    func regionBottomStays() {
        var renderers = QuirkRenderers(first: 0)
        for first in 1...5 {
            let (frame, text, bytes) = renderers.render(first: first)
            // The region is lines 1–20; the picture on lines 19–20 is hotel first - 1 + 10.
            #expect(text.contains("<R\(first + 9)>"), "scroll to \(first)")
            #expect(!text.contains("<R\(first + 8)>"), "scroll to \(first): only the bottom picture stays behind")
            #expect(Self.drawn(bytes) == 2, "scroll to \(first): the one left behind, at its new place, and the one that enters")
            #expect(renderers.screen.buffer == frame, "scroll to \(first)")
        }
        #expect(renderers.screen.scrolledLineCount == 10)
        // A terminal that scrolls them all is sent only the picture that enters.
        let text = Self.usualText(from: 0, to: 1)
        #expect(!text.contains("<R") && text.components(separatedBy: VirtualScreen.pictureMarker).count == 2)
    }

    @Test("kitty before 0.27 cuts a line off the picture a scroll down brings to the region's last line: it is drawn again")
    func regionBottomCutOnScrollDown() {
        var renderers = QuirkRenderers(first: 10)
        // One row back at a time, then three at once (a burst of keys drawn as one frame).
        for first in [9, 8, 7, 4] {
            let (frame, text, _) = renderers.render(first: first)
            // The region is lines 1–20; after the scroll, lines 19–20 hold hotel first + 9.
            #expect(text.contains("<R\(first + 10)>"), "scroll back to \(first)")
            #expect(!text.contains("<R\(first + 9)>"), "scroll back to \(first): the picture above it moved whole")
            #expect(renderers.screen.buffer == frame, "scroll back to \(first)")
        }
        // A terminal without the quirk is sent only the picture that enters at the top.
        let text = Self.usualText(from: 10, to: 9)
        #expect(!text.contains("<R19>") && text.components(separatedBy: VirtualScreen.pictureMarker).count == 2)
    }

    @Test("scrolling with the selection at the bottom: its highlight moves, and still only the entering picture is sent")
    func selectionScroll() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        screen.feed(renderer.render(Self.frame(first: 0, selected: 9), pictures: Self.pictures))
        for first in 1...20 {
            let frame = Self.frame(first: first, selected: first + 9)
            let bytes = renderer.render(frame, pictures: Self.pictures)
            screen.feed(bytes)
            #expect(Self.drawn(bytes) == 1, "scroll to \(first)")
            #expect(screen.buffer == frame, "scroll to \(first)")
        }
    }

    @Test("scrolling back a page and jumping: every picture right, nothing left behind")
    func pageJumps() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        for first in [0, 10, 5, 6, 40, 39, 0] {
            let frame = Self.frame(first: first)
            screen.feed(renderer.render(frame, pictures: Self.pictures))
            #expect(screen.buffer == frame, "at \(first)")
        }
    }

    @Test("a panel over pictures takes the covered ones away whole and draws them again when it closes")
    func panel() {
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        let plain = Self.frame(first: 0)
        screen.feed(renderer.render(plain, pictures: Self.pictures))
        let covered = Self.frame(first: 0, panel: true)
        let opening = renderer.render(covered, pictures: Self.pictures)
        screen.feed(opening)
        #expect(Self.drawn(opening) == 0, "a picture cut by the panel is not drawn")
        // Rows 1-2 (picture 1) are untouched; pictures 2 (lines 3-4) and 3 (5-6) are cut.
        let text = String(decoding: opening, as: UTF8.self)
        #expect(text.contains(EscapeSequence.moveCursor(row: 3, column: 0) + EscapeSequence.eraseCharacters(4)))
        #expect(text.contains(EscapeSequence.moveCursor(row: 6, column: 0) + EscapeSequence.eraseCharacters(4)))
        #expect(!text.contains(EscapeSequence.moveCursor(row: 1, column: 0) + EscapeSequence.eraseCharacters(4)))
        #expect(screen.buffer.text(ofRow: 3) == covered.text(ofRow: 3))
        let closing = renderer.render(plain, pictures: Self.pictures)
        screen.feed(closing)
        #expect(Self.drawn(closing) == 2)
        #expect(screen.buffer == plain)
    }

    @Test("pictures that float above the text (kitty) get their remove sequence when they go, and at a full redraw")
    func removal() {
        var renderer = Renderer()
        var source = Self.pictures
        source.removal = "R"
        _ = renderer.render(Self.frame(first: 0), pictures: source)
        let jump = String(decoding: renderer.render(Self.frame(first: 50), pictures: source), as: UTF8.self)
        #expect((1...10).allSatisfy { jump.contains("<R\($0)>") })
        renderer.invalidate()
        let redraw = String(decoding: renderer.render(Self.frame(first: 50), pictures: source), as: UTF8.self)
        #expect((51...60).allSatisfy { redraw.contains("<R\($0)>") })
        #expect(redraw.range(of: "<R51>")!.lowerBound < redraw.range(of: EscapeSequence.clearScreen)!.lowerBound)
    }

    @Test("where a terminal does not move pictures with a scroll region, the renderer redraws in place")
    func noScrollWithPictures() {
        var renderer = Renderer(picturesScrollWithText: false)
        var screen = VirtualScreen(width: 40, height: 22)
        screen.feed(renderer.render(Self.frame(first: 0), pictures: Self.pictures))
        let frame = Self.frame(first: 1)
        let bytes = renderer.render(frame, pictures: Self.pictures)
        screen.feed(bytes)
        #expect(screen.scrolledLineCount == 0)
        #expect(Self.drawn(bytes) == 10)
        #expect(screen.buffer == frame)
    }

    @Test("a picture that would not fit whole is not placed; a source without its bytes leaves its cells blank")
    func partial() {
        var buffer = CellBuffer(width: 10, height: 3)
        let cut = buffer.draw(TerminalPicture(id: 1, columns: 4, rows: 2), row: 2, column: 0)
        #expect(!cut && !buffer.hasPictures)
        let placed = buffer.draw(TerminalPicture(id: 1, columns: 4, rows: 2), row: 1, column: 6)
        #expect(placed)
        var renderer = Renderer()
        let bytes = renderer.render(buffer, pictures: NoPictures())
        #expect(Self.drawn(bytes) == 0)
    }

    @Test("random frames with pictures, panels and jumps always end up on screen exactly", arguments: 1...4)
    func randomFrames(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var renderer = Renderer()
        var screen = VirtualScreen(width: 40, height: 22)
        var first = 0
        for _ in 0..<60 {
            first = max(0, first + [-1, 1, 1, -9, 9, 0, 3].randomElement(using: &generator)!)
            let panel = Bool.random(using: &generator)
            let frame = Self.frame(first: first, panel: panel)
            screen.feed(renderer.render(frame, pictures: Self.pictures))
            // Under a panel, the uncovered rest of a cut picture is blank on screen.
            if panel {
                #expect(screen.lines == (0..<22).map { frame.text(ofRow: $0) }, "seed \(seed) at \(first)")
            } else {
                #expect(screen.buffer == frame, "seed \(seed) at \(first)")
            }
        }
    }
}
