import Testing

@testable import TerminalTable

@Suite struct KittyImageTests {
    // MARK: Placeholders

    @Test func diacriticTableMatchesKitty() {
        let table = KittyPlaceholder.diacritics
        #expect(table.count == 297)
        #expect(Set(table).count == table.count)
        #expect(table.first == "\u{305}")
        #expect(table[1] == "\u{30D}")
        #expect(table[2] == "\u{30E}")
        #expect(table.last == "\u{1D244}")
        #expect(table == table.sorted { $0.value < $1.value })
        for scalar in table {
            // Combining marks above, never merged or reordered by normalisation.
            #expect(scalar.properties.generalCategory == .nonspacingMark, "\(scalar.value)")
            #expect(scalar.properties.canonicalCombiningClass.rawValue == 230, "\(scalar.value)")
        }
    }

    @Test func placeholderTextEncodesRowAndColumn() throws {
        #expect(KittyPlaceholder.text(row: 0, column: 0) == "\u{10EEEE}\u{305}\u{305}")
        #expect(KittyPlaceholder.text(row: 0, column: 1) == "\u{10EEEE}\u{305}\u{30D}")
        #expect(KittyPlaceholder.text(row: 1, column: 0) == "\u{10EEEE}\u{30D}\u{305}")
        #expect(KittyPlaceholder.text(row: 296, column: 2) == "\u{10EEEE}\u{1D244}\u{30E}")
        #expect(KittyPlaceholder.text(row: 297, column: 0) == nil)
        #expect(KittyPlaceholder.text(row: 0, column: -1) == nil)
        let decoded = try #require(KittyPlaceholder.decode("\u{10EEEE}\u{30D}\u{30E}"))
        #expect(decoded.row == 1 && decoded.column == 2)
        #expect(KittyPlaceholder.decode("x\u{305}\u{305}") == nil)
        #expect(KittyPlaceholder.decode("\u{10EEEE}\u{305}") == nil)
    }

    @Test func everyPlaceholderIsOneCellWideAndOneCharacter() throws {
        for (index, _) in KittyPlaceholder.diacritics.enumerated() {
            for other in [0, 1, 150, 296] {
                let text = try #require(KittyPlaceholder.text(row: index, column: other))
                #expect(text.count == 1)
                #expect(DisplayWidth.of(text) == 1, "row \(index)")
                let swapped = try #require(KittyPlaceholder.text(row: other, column: index))
                #expect(DisplayWidth.of(swapped) == 1, "column \(index)")
                let decoded = try #require(KittyPlaceholder.decode(swapped))
                #expect(decoded.row == other && decoded.column == index)
            }
        }
        // A row of placeholders is one character per cell, as the renderer writes them.
        let row = (0..<5).compactMap { KittyPlaceholder.text(row: 3, column: $0) }.joined()
        #expect(row.count == 5)
        #expect(DisplayWidth.of(row) == 5)
        #expect(DisplayWidth.of("\u{10EEEE}") == 1)
    }

    @Test func cellsAreDistinctPerPosition() throws {
        // String equality is canonical equivalence: it must not merge two positions.
        let a = try #require(KittyPlaceholder.text(row: 0, column: 1))
        let b = try #require(KittyPlaceholder.text(row: 1, column: 0))
        #expect(a != b)
    }

    // MARK: Image values

    @Test func rejectsInvalidImages() {
        let png = fakePNG(count: 10)
        #expect(KittyImage(id: 0, columns: 1, rows: 1, format: .png, payload: png) == nil)
        #expect(KittyImage(id: 0x100_0000, columns: 1, rows: 1, format: .png, payload: png) == nil)
        #expect(KittyImage(id: 0xFF_FFFF, columns: 1, rows: 1, format: .png, payload: png) != nil)
        #expect(KittyImage(id: 1, columns: 0, rows: 1, format: .png, payload: png) == nil)
        #expect(KittyImage(id: 1, columns: 1, rows: 298, format: .png, payload: png) == nil)
        #expect(KittyImage(id: 1, columns: 297, rows: 297, format: .png, payload: png) != nil)
        #expect(KittyImage(id: 1, columns: 1, rows: 1, format: .png, payload: []) == nil)
        #expect(KittyImage(id: 1, columns: 1, rows: 1, format: .rgba(pixelWidth: 2, pixelHeight: 2), payload: fakePNG(count: 15)) == nil)
        #expect(KittyImage(id: 1, columns: 1, rows: 1, format: .rgba(pixelWidth: 2, pixelHeight: 2), payload: fakePNG(count: 16)) != nil)
        #expect(KittyImage(id: 1, columns: 1, rows: 1, format: .rgba(pixelWidth: -2, pixelHeight: -2), payload: fakePNG(count: 16)) == nil)
        #expect(KittyImage(id: 1, columns: 1, rows: 1, format: .rgba(pixelWidth: Int.max, pixelHeight: 2), payload: png) == nil)
    }

    @Test func placeholderCellsCarryTheIdColour() throws {
        let image = try #require(KittyImage(id: 0x12_34_56, columns: 3, rows: 2, format: .png, payload: fakePNG(count: 8)))
        #expect(image.idColor == RGB(0x12, 0x34, 0x56))
        for row in 0..<2 {
            for column in 0..<3 {
                let cell = image[row, column]
                #expect(cell.width == 1)
                #expect(cell.style == Style(foreground: RGB(0x12, 0x34, 0x56)))
                #expect(cell.text == KittyPlaceholder.text(row: row, column: column))
                #expect(KittyPlaceholder.imageID(of: cell) == 0x12_34_56)
            }
        }
        #expect(image[2, 0] == .blank)
        #expect(image[0, 3] == .blank)
        #expect(image[-1, 0] == .blank)
        #expect(KittyPlaceholder.imageID(of: .blank) == nil)
        // Drawn into a buffer, each piece takes exactly one cell.
        var buffer = CellBuffer(width: 4, height: 1)
        for column in 0..<3 { buffer.set(image[1, column], row: 0, column: column) }
        buffer.set(Cell("x"), row: 0, column: 3)
        #expect(buffer[0, 2].text == KittyPlaceholder.text(row: 1, column: 2))
        #expect(buffer[0, 3].text == "x")
    }

    // MARK: Transmission

    @Test func smallImageIsOneCommandWithAllKeys() throws {
        let payload = fakePNG(count: 100)
        let image = try #require(KittyImage(id: 42, columns: 6, rows: 3, format: .png, payload: payload))
        let text = image.transmitSequence()
        #expect(text.hasPrefix("\u{1B}_Ga=T,f=100,i=42,U=1,c=6,r=3,C=1,q=2,m=0;"))
        #expect(text.hasSuffix("\u{1B}\\"))
        let commands = graphicsCommands(in: text)
        #expect(commands.count == 1)
        #expect(decodeBase64(commands[0].payload) == payload)
    }

    @Test(arguments: [1, 2, 3, 3071, 3072, 3073, 6144, 6145, 10_000, 40_000])
    func chunkingSplitsBase64AtTheLimit(count: Int) throws {
        let payload = fakePNG(count: count, seed: UInt8(count % 256))
        let image = try #require(KittyImage(id: 9, columns: 2, rows: 1, format: .png, payload: payload))
        let commands = graphicsCommands(in: image.transmitSequence())
        let base64Length = (count + 2) / 3 * 4
        let expectedChunks = (base64Length + 4095) / 4096
        #expect(commands.count == expectedChunks)
        for (index, command) in commands.enumerated() {
            let isLast = index == commands.count - 1
            #expect(command.keys["m"] == (isLast ? "0" : "1"))
            #expect(command.keys["q"] == "2")
            if isLast {
                #expect(command.payload.count == base64Length - 4096 * (commands.count - 1))
            } else {
                #expect(command.payload.count == 4096)
            }
            #expect(command.payload.count % 4 == 0)
            if index == 0 {
                #expect(command.keyOrder == ["a", "f", "i", "U", "c", "r", "C", "q", "m"])
                #expect(command.keys["i"] == "9")
            } else {
                // Continuation chunks carry only m (and q), as the protocol requires.
                #expect(command.keyOrder == ["m", "q"])
            }
        }
        #expect(decodeBase64(commands.map(\.payload).joined()) == payload)
    }

    @Test func rgbaDeclaresItsPixelSize() throws {
        let pixels = fakePNG(count: 3 * 2 * 4)
        let image = try #require(KittyImage(id: 5, columns: 3, rows: 1, format: .rgba(pixelWidth: 3, pixelHeight: 2), payload: pixels))
        let command = try #require(graphicsCommands(in: image.transmitSequence()).first)
        #expect(command.keys["f"] == "32")
        #expect(command.keys["s"] == "3")
        #expect(command.keys["v"] == "2")
        #expect(decodeBase64(command.payload) == pixels)
    }

    @Test func deleteFreesTheImageData() throws {
        let image = try #require(KittyImage(id: 77, columns: 1, rows: 1, format: .png, payload: [1]))
        #expect(image.deleteSequence() == "\u{1B}_Ga=d,d=I,i=77,q=2\u{1B}\\")
        #expect(EscapeSequence.kittyDelete(id: 77) == image.deleteSequence())
    }

    // MARK: tmux

    @Test func tmuxPassthroughDoublesEveryEscape() throws {
        let inner = "\u{1B}_Ga=d,d=I,i=1\u{1B}\\"
        let wrapped = EscapeSequence.tmuxPassthrough(inner)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=1\u{1B}\u{1B}\\\u{1B}\\")
        #expect(unwrapTmux(wrapped) == [inner])
    }

    @Test func tmuxWrapsEachChunkSeparately() throws {
        let payload = fakePNG(count: 9000)
        let image = try #require(KittyImage(id: 3, columns: 4, rows: 2, format: .png, payload: payload))
        let plain = image.transmitSequence()
        let wrapped = image.transmitSequence(inTmux: true)
        let inner = try #require(unwrapTmux(wrapped))
        #expect(inner.count == 3)
        #expect(inner.joined() == plain)
        // No ESC inside a passthrough string is left undoubled: between the opening
        // "ESC P tmux;" and the closing "ESC \" every ESC comes in pairs.
        for piece in inner {
            let escapes = piece.unicodeScalars.filter { $0 == "\u{1B}" }.count
            let body = EscapeSequence.tmuxPassthrough(piece)
            let bodyEscapes = body.unicodeScalars.filter { $0 == "\u{1B}" }.count
            #expect(bodyEscapes == 2 * escapes + 2)
        }
        let deletion = image.deleteSequence(inTmux: true)
        #expect(unwrapTmux(deletion) == [image.deleteSequence()])
    }
}
