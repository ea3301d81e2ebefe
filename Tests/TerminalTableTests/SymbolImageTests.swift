import Testing

@testable import TerminalTable

@Suite struct SymbolImageTests {
    let red = RGB(255, 0, 0)
    let blue = RGB(0, 0, 255)

    @Test func leftRedRightBlueIsALeftHalfBlock() {
        let grid = PixelGrid(width: 2, height: 2, pixels: [red, blue, red, blue])
        for symbols in [SymbolSet.quadrants, .sextants, .octants] {
            let image = SymbolImage(grid, columns: 1, rows: 1, symbols: symbols)
            #expect(image[0, 0] == Cell(text: "▌", width: 1, style: Style(foreground: red, background: blue)), "\(symbols)")
        }
        // Half blocks cannot split a cell across: the best they can do is the mean colour.
        let halves = SymbolImage(grid, columns: 1, rows: 1, symbols: .halfBlocks)
        #expect(halves[0, 0] == .blank(Style(background: RGB(128, 0, 128))))
    }

    @Test func topRedBottomBlueIsTheHalfBlockImageCell() {
        let pixels = [red, red, blue, blue]
        let image = SymbolImage(PixelGrid(width: 2, height: 2, pixels: pixels), columns: 1, rows: 1, symbols: .halfBlocks)
        #expect(image[0, 0] == Cell(text: "▀", width: 1, style: Style(foreground: red, background: blue)))
        let octant = SymbolImage(PixelGrid(width: 2, height: 2, pixels: pixels), columns: 1, rows: 1, symbols: .octants)
        #expect(octant[0, 0].text == "▀")
    }

    /// Sub-cells are area averages: a 1-pixel stripe in a 6-pixel sextant row still tints
    /// it, where nearest-neighbour sampling could miss it.
    @Test func averagesEveryPixel() {
        var pixels = [RGB?](repeating: RGB(0, 0, 0), count: 6 * 6)
        for x in 0..<6 { pixels[5 * 6 + x] = RGB(255, 255, 255) }  // the bottom row only
        let image = SymbolImage(PixelGrid(width: 6, height: 6, pixels: pixels), columns: 1, rows: 1, symbols: .sextants)
        // The bottom sextant row is half white: grey, under the black top two rows ("🬎",
        // sextants 1234; of a pattern and its complement the fit paints the one that
        // leaves the bottom-right sub-cell to the background).
        let expected = Cell(text: "\u{1FB0E}", width: 1, style: Style(foreground: RGB(0, 0, 0), background: RGB(128, 128, 128)))
        #expect(image[0, 0] == expected)
    }

    @Test(arguments: SymbolSet.allCases)
    func transparentCellsStayBlank(_ symbols: SymbolSet) {
        // Left column opaque, the right one transparent: one cell each.
        let pixels: [RGB?] = (0..<16).map { $0 % 4 < 2 ? RGB(10, 200, 30) : nil }
        let image = SymbolImage(PixelGrid(width: 4, height: 4, pixels: pixels), columns: 2, rows: 1, symbols: symbols)
        #expect(image[0, 1] == .blank)
        #expect(image[0, 0] == .blank(Style(background: RGB(10, 200, 30))))
        let empty = SymbolImage(PixelGrid(width: 0, height: 0, rgba: []), columns: 3, rows: 2, symbols: symbols)
        #expect(empty.cells == Array(repeating: .blank, count: 6))
    }

    @Test func aTransparentPartShowsTheTerminalBackground() {
        // The right half is transparent: ▌ in red, no background colour, never ▐ with red as
        // the background (the terminal's background can only be a background).
        let half = PixelGrid(width: 2, height: 2, pixels: [red, nil, red, nil])
        let image = SymbolImage(half, columns: 1, rows: 1, symbols: .quadrants)
        #expect(image[0, 0] == Cell(text: "▌", width: 1, style: Style(foreground: red)))
        // Only the top-left quadrant transparent: the other three painted, on the terminal's.
        let corner = PixelGrid(width: 2, height: 2, pixels: [nil, red, red, red])
        let three = SymbolImage(corner, columns: 1, rows: 1, symbols: .quadrants)
        #expect(three[0, 0] == Cell(text: "▟", width: 1, style: Style(foreground: red)))
        // A transparent part is scored as the background it will show: on a red terminal
        // the transparent corner looks red, so a plain red cell is as good as ▟ and simpler.
        let onRed = SymbolImage(corner, columns: 1, rows: 1, symbols: .quadrants, background: red)
        #expect(onRed[0, 0] == .blank(Style(background: red)))
    }

    @Test func partlyTransparentPixelsAreCompositedOverTheBackground() {
        let halfRed = PixelGrid(width: 1, height: 1, rgba: [255, 0, 0, 128])
        let onBlack = SymbolImage(halfRed, columns: 1, rows: 1, symbols: .quadrants)
        #expect(onBlack[0, 0] == .blank(Style(background: RGB(128, 0, 0))))
        let onWhite = SymbolImage(halfRed, columns: 1, rows: 1, symbols: .quadrants, background: RGB(255, 255, 255))
        #expect(onWhite[0, 0] == .blank(Style(background: RGB(255, 127, 127))))
        // Below the threshold the terminal's background shows instead.
        let faint = PixelGrid(width: 1, height: 1, rgba: [255, 0, 0, 100])
        #expect(SymbolImage(faint, columns: 1, rows: 1, symbols: .quadrants)[0, 0] == .blank)
        #expect(SymbolImage(faint, columns: 1, rows: 1, symbols: .quadrants, transparencyThreshold: 0.3)[0, 0] != .blank)
    }

    @Test func drawsIntoBufferClipped() {
        let grid = PixelGrid(width: 2, height: 2, pixels: [red, blue, red, blue])
        let image = SymbolImage(grid, columns: 4, rows: 2, symbols: .quadrants)
        var buffer = CellBuffer(width: 4, height: 3)
        buffer.draw(image, row: 1, column: 1, maxWidth: 2)
        #expect(buffer.text(ofRow: 0) == "    ")
        #expect(buffer.text(ofRow: 1) == " " + String(repeating: " ", count: 2) + " ")
        #expect(buffer[1, 1] == image[0, 0])
        #expect(buffer[2, 2] == image[1, 1])
        #expect(buffer[2, 3] == .blank)
    }

    /// The chosen cell is the best of every mask with its mean colours, judged by the
    /// rendered error itself rather than the algebra the fit uses. Pixels are partly
    /// transparent at random, so a part may show the terminal's background (black here).
    @Test(arguments: [SymbolSet.quadrants, .sextants])
    func theFitBeatsEveryOtherMask(_ symbols: SymbolSet) throws {
        var random = SplitMix(seed: 7)
        for _ in 0..<40 {
            let rgba = (0..<36).flatMap { _ -> [UInt8] in
                let color = random.color()
                let alpha: UInt8 = [0, 60, 140, 255][Int(random.next() % 4)]
                return [color.red, color.green, color.blue, alpha]
            }
            let grid = PixelGrid(width: 6, height: 6, rgba: rgba)
            let fitted = SymbolImage(grid, columns: 1, rows: 1, symbols: symbols)
            let best = try CellRaster.meanSquaredError(of: fitted.cells, columns: 1, rows: 1, against: grid)
            let samples = grid.boxAveraged(toWidth: symbols.subColumns, height: symbols.subRows)
            let all = (1 << symbols.subCellCount) - 1
            for mask in 0...all {
                // A part's colour as it would be drawn: nil (the terminal's) when mostly transparent.
                func color(_ part: Int) -> RGB? {
                    let members = samples.indices.filter { part & (1 << $0) != 0 }
                    let n = Double(members.count)
                    guard !members.isEmpty, members.reduce(0, { $0 + samples[$1].coverage }) / n >= 0.5 else { return nil }
                    func channel(_ value: (CoveredColor) -> Double) -> UInt8 {
                        UInt8((members.reduce(0) { $0 + value(samples[$1]) } / n).rounded())
                    }
                    return RGB(channel(\.red), channel(\.green), channel(\.blue))
                }
                let cell: Cell
                switch (color(mask), color(all ^ mask)) {
                case (nil, nil): cell = .blank
                case (nil, let rest?):
                    cell = Cell(text: String(symbols.character(for: UInt8(all ^ mask))), width: 1, style: Style(foreground: rest))
                case (let painted?, let rest):
                    cell = Cell(
                        text: String(symbols.character(for: UInt8(mask))), width: 1, style: Style(foreground: painted, background: rest))
                }
                let error = try CellRaster.meanSquaredError(of: [cell], columns: 1, rows: 1, against: grid)
                // Rounding colours to whole values moves an error by well under one unit.
                #expect(best <= error + 0.5, "mask \(mask): \(error) beats the fit's \(best)")
            }
        }
    }
}

/// A tiny seeded generator, so the random pictures are the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func color() -> RGB {
        let bits = next()
        return RGB(UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits >> 16))
    }
}
