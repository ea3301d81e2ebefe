import Testing

@testable import TerminalTable

@Suite struct CellRasterTests {
    let red = RGB(255, 0, 0)
    let blue = RGB(0, 0, 255)
    let black = RGB(0, 0, 0)
    let white = RGB(255, 255, 255)

    @Test func drawsEachSubCellInItsColour() throws {
        let cell = Cell(text: "▌", width: 1, style: Style(foreground: red, background: blue))
        let pixels = try CellRaster.pixels(of: [cell], columns: 1, rows: 1, cellWidth: 4, cellHeight: 4)
        #expect(pixels == (0..<16).map { $0 % 4 < 2 ? red : blue })
        // The middle sextant row is the middle third of a 24-pixel cell: rows 8 to 15.
        let middle = Cell(text: "🬋", width: 1, style: Style(foreground: white, background: black))
        let drawn = try CellRaster.pixels(of: [middle], columns: 1, rows: 1)
        #expect((0..<24).map { drawn[$0 * 12] == white } == (0..<24).map { (8..<16).contains($0) })
    }

    @Test func defaultColoursAndReverseVideoAreTheTerminals() throws {
        // chafa's "inverted" cell: reverse video, red foreground, default background: the
        // painted quadrant shows the terminal's background, the rest is red.
        let inverted = Cell(text: "▘", width: 1, style: Style(foreground: red, reverse: true))
        let pixels = try CellRaster.pixels(of: [inverted, .blank], columns: 2, rows: 1, cellWidth: 2, cellHeight: 2, background: blue)
        #expect(pixels == [blue, red, blue, blue, red, red, blue, blue])
    }

    @Test func refusesTextThatIsNoBlockCharacter() {
        let cells = [Cell.blank, Cell("x")]
        #expect(throws: CellRaster.UnknownSymbol(text: "x", row: 0, column: 1)) {
            try CellRaster.pixels(of: cells, columns: 2, rows: 1)
        }
    }

    @Test func errorIsZeroForAnExactPictureAndFullForItsOpposite() throws {
        let grid = PixelGrid(width: 2, height: 2, pixels: [red, blue, red, blue])
        let exact = Cell(text: "▌", width: 1, style: Style(foreground: red, background: blue))
        #expect(try CellRaster.meanSquaredError(of: [exact], columns: 1, rows: 1, against: grid) == 0)
        let allWhite = PixelGrid(width: 1, height: 1, pixels: [white])
        #expect(try CellRaster.meanSquaredError(of: [.blank], columns: 1, rows: 1, against: allWhite) == 255 * 255)
        // Transparent pixels are compared as the background they show.
        let clear = PixelGrid(width: 1, height: 1, pixels: [nil])
        #expect(try CellRaster.meanSquaredError(of: [.blank], columns: 1, rows: 1, against: clear, background: blue) == 0)
    }

    @Test func boxWeightsCoverEachSourcePixelExactlyOnce() {
        let weights = PixelGrid.boxWeights(from: 3, to: 2)
        let indices: [[Int]] = weights.map { $0.map(\.index) }
        let shares: [[Double]] = weights.map { $0.map(\.weight) }
        let third = 1.0 / 3
        #expect(indices == [[0, 1], [1, 2]])
        #expect(shares == [[2 * third, third], [third, 2 * third]])
        let up: [[Int]] = PixelGrid.boxWeights(from: 2, to: 4).map { $0.map(\.index) }
        #expect(up == [[0], [0], [1], [1]])
        for (source, target) in [(64, 8), (64, 48), (7, 3), (3, 7)] {
            var perSource = [Double](repeating: 0, count: source)
            for taps in PixelGrid.boxWeights(from: source, to: target) {
                #expect(abs(taps.map(\.weight).reduce(0, +) - 1) < 1e-12)
                for tap in taps { perSource[tap.index] += tap.weight * Double(source) / Double(target) }
            }
            #expect(perSource.allSatisfy { abs($0 - 1) < 1e-12 }, "\(source) → \(target)")
        }
    }

    /// Synthetic pictures: ours against today's nearest-neighbour `HalfBlockImage` of the
    /// same picture, by the drawn-back error. Every set must do at least as well; quadrants
    /// and octants contain every half-block pattern, so they must also beat our own half
    /// blocks. (Sextants need not: thirds cannot draw a cell split at half height.)
    @Test(arguments: SymbolSet.allCases)
    func neverWorseThanHalfBlocks(_ symbols: SymbolSet) throws {
        for (name, grid) in Self.pictures() {
            let (columns, rows) = (6, 3)
            let opaque = (0..<grid.height).flatMap { y in (0..<grid.width).map { grid[$0, y].color } }
            let today = HalfBlockImage(scaling: opaque, pixelWidth: grid.width, pixelHeight: grid.height, toColumns: columns, rows: rows)
            let todayCells = (0..<rows).flatMap { row in (0..<columns).map { today[row, $0] } }
            let baseline = try CellRaster.meanSquaredError(of: todayCells, columns: columns, rows: rows, against: grid)
            let ours = SymbolImage(grid, columns: columns, rows: rows, symbols: symbols)
            let error = try CellRaster.meanSquaredError(of: ours.cells, columns: columns, rows: rows, against: grid)
            #expect(error <= baseline, "\(name): \(symbols) \(error) > half blocks \(baseline)")
            if symbols == .quadrants || symbols == .octants {
                let halves = SymbolImage(grid, columns: columns, rows: rows, symbols: .halfBlocks)
                let halfError = try CellRaster.meanSquaredError(of: halves.cells, columns: columns, rows: rows, against: grid)
                #expect(error <= halfError + 0.5, "\(name): \(symbols) \(error) > our half blocks \(halfError)")
            }
        }
    }

    /// 48 × 48 opaque pictures: a gradient, a disc, a checkerboard finer than the cells, a
    /// diagonal line and noise.
    static func pictures() -> [(String, PixelGrid)] {
        let side = 48
        func grid(_ color: (Int, Int) -> RGB) -> PixelGrid {
            PixelGrid(width: side, height: side, pixels: (0..<side * side).map { color($0 % side, $0 / side) })
        }
        var random = SplitMix(seed: 31)
        let noise = (0..<side * side).map { _ in random.color() }
        return [
            ("gradient", grid { x, y in RGB(UInt8(x * 5), UInt8(y * 5), 128) }),
            ("disc", grid { x, y in (x - 24) * (x - 24) + (y - 20) * (y - 20) < 300 ? RGB(250, 200, 0) : RGB(20, 40, 120) }),
            ("checkerboard", grid { x, y in (x / 3 + y / 5) % 2 == 0 ? RGB(255, 255, 255) : RGB(0, 0, 0) }),
            ("diagonal", grid { x, y in abs(x - y) < 2 ? RGB(255, 0, 0) : RGB(255, 255, 255) }),
            ("noise", PixelGrid(width: side, height: side, pixels: noise)),
        ]
    }
}
