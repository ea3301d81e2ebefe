import Testing

@testable import TerminalTable

@Suite struct CellBufferTests {
    @Test func writeText() {
        var buffer = CellBuffer(width: 10, height: 2)
        let written = buffer.write("Hi 東京", row: 1, column: 1)
        #expect(written == 7)
        #expect(buffer.text(ofRow: 1) == " Hi 東京  ")
        #expect(buffer[1, 4].width == 2)
        #expect(buffer[1, 5].isContinuation)
    }

    @Test func wideCharacterAtRightEdgeBecomesSpace() {
        var buffer = CellBuffer(width: 5, height: 1)
        buffer.write("abcd東", row: 0, column: 0)
        #expect(buffer.text(ofRow: 0) == "abcd ")
        buffer.set(Cell("京"), row: 0, column: 4)
        #expect(buffer[0, 4] == .blank)
    }

    @Test func writeClipsToMaxWidth() {
        var buffer = CellBuffer(width: 10, height: 1)
        let written = buffer.write("東京東京", row: 0, column: 0, maxWidth: 5)
        #expect(written == 5)
        #expect(buffer.text(ofRow: 0) == "東京      ")
    }

    @Test func overwritingHalfOfWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("東京", row: 0, column: 0)
        buffer.set(Cell("x"), row: 0, column: 1)  // right half of 東
        #expect(buffer.text(ofRow: 0) == " x京  ")
        buffer.set(Cell("y"), row: 0, column: 2)  // left half of 京
        #expect(buffer.text(ofRow: 0) == " xy    ".prefix(6).description)
        #expect(!buffer[0, 3].isContinuation)
    }

    @Test func zeroWidthClustersAreSkipped() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("\u{200B}ab", row: 0, column: 0)
        #expect(buffer.text(ofRow: 0) == "ab  ")
    }

    @Test func outOfRangeIsIgnored() {
        var buffer = CellBuffer(width: 2, height: 1)
        buffer.set(Cell("x"), row: 5, column: 0)
        buffer.write("abc", row: 0, column: -1)
        #expect(buffer[9, 9] == .blank)
        #expect(buffer.text(ofRow: 0).count == 2)
    }
}

@Suite struct HalfBlockImageTests {
    @Test func twoPixelRowsMakeOneCellRow() {
        let red = RGB(255, 0, 0)
        let blue = RGB(0, 0, 255)
        let green = RGB(0, 255, 0)
        let white = RGB(255, 255, 255)
        let image = HalfBlockImage(pixels: [red, green, blue, white], pixelWidth: 2, pixelHeight: 2)
        #expect(image.columns == 2)
        #expect(image.rows == 1)
        #expect(image[0, 0].text == "▀")
        #expect(image[0, 0].style.foreground == red)
        #expect(image[0, 0].style.background == blue)
        #expect(image[0, 1].style.foreground == green)
        #expect(image[0, 1].style.background == white)
    }

    @Test func oddHeightLeavesDefaultBackground() {
        let pixel = RGB(9, 9, 9)
        let image = HalfBlockImage(pixels: Array(repeating: pixel, count: 3 * 3), pixelWidth: 3, pixelHeight: 3)
        #expect(image.rows == 2)
        #expect(image[1, 2].style.foreground == pixel)
        #expect(image[1, 2].style.background == nil)
    }

    @Test func scalingFillsRequestedCells() {
        // 4×4 pixels: left half black, right half white.
        let black = RGB(0, 0, 0)
        let white = RGB(255, 255, 255)
        let pixels = (0..<16).map { $0 % 4 < 2 ? black : white }
        let image = HalfBlockImage(scaling: pixels, pixelWidth: 4, pixelHeight: 4, toColumns: 6, rows: 3)
        #expect(image.columns == 6)
        #expect(image.rows == 3)
        #expect(image[0, 0].style.foreground == black)
        #expect(image[2, 5].style.background == white)
    }

    @Test func drawsIntoBufferClipped() {
        let image = HalfBlockImage(pixels: Array(repeating: RGB(1, 2, 3), count: 4 * 4), pixelWidth: 4, pixelHeight: 4)
        var buffer = CellBuffer(width: 3, height: 3)
        buffer.draw(image, row: 1, column: 1)
        #expect(buffer.text(ofRow: 0) == "   ")
        #expect(buffer.text(ofRow: 1) == " ▀▀")
        #expect(buffer.text(ofRow: 2) == " ▀▀")
        #expect(buffer[2, 2].style.background == RGB(1, 2, 3))
    }
}
