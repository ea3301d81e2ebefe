import Testing

@testable import TerminalTable

@Suite struct SixelImageTests {
    /// A logo-like picture: three flat colours and a transparent margin.
    static let logo = rgbaPixels(width: 12, height: 12) { x, y in
        if x == 0 || y == 0 || x == 11 || y == 11 { return nil }
        if x < 4 { return RGB(200, 30, 40) }
        if y < 6 { return RGB(20, 120, 220) }
        return RGB(250, 250, 250)
    }

    @Test func decodesBackToTheSamePixels() throws {
        let image = try #require(SixelImage(rgba: Self.logo, pixelWidth: 12, pixelHeight: 12, targetSize: PixelSize(width: 12, height: 12)))
        #expect(image.palette.colors.count == 3)
        let decoded = try decodeSixel(image.sequence())
        #expect(decoded.width == 12 && decoded.height == 12)
        #expect(decoded.aspect == (1, 1))
        #expect(decoded.paintedOutside == 0)
        for y in 0..<12 {
            for x in 0..<12 {
                let offset = (y * 12 + x) * 4
                let source = Self.logo[offset + 3] == 0 ? nil : RGB(Self.logo[offset], Self.logo[offset + 1], Self.logo[offset + 2])
                switch (source, decoded[x, y]) {
                case (nil, nil): break
                case (let source?, let shown?): #expect(channelDistance(source, shown) <= 2, "pixel \(x),\(y)")
                default: Issue.record("pixel \(x),\(y): source \(String(describing: source)), shown \(String(describing: decoded[x, y]))")
                }
            }
        }
    }

    @Test func smallestImageIsExact() throws {
        let red = try #require(
            SixelImage(rgba: [255, 0, 0, 255], pixelWidth: 1, pixelHeight: 1, targetSize: PixelSize(width: 8, height: 2)))
        #expect(red.sequence() == "\u{1B}P0;1;0q\"1;1;8;2#0;2;100;0;0#0!8B\u{1B}\\")
    }

    @Test func transparentBackgroundIsDeclared() throws {
        let image = try #require(SixelImage(rgba: Self.logo, pixelWidth: 12, pixelHeight: 12, targetSize: PixelSize(width: 12, height: 12)))
        let decoded = try decodeSixel(image.sequence())
        // P2 = 1: unpainted pixels keep what was there (the cell background).
        #expect(decoded.parameters == [0, 1, 0])
        #expect(decoded[0, 0] == nil)
        #expect(decoded[11, 5] == nil)
        #expect(decoded[1, 1] != nil)
    }

    @Test func fullyTransparentImagePaintsNothing() throws {
        let clear = [UInt8](repeating: 0, count: 4 * 4 * 4)
        let image = try #require(SixelImage(rgba: clear, pixelWidth: 4, pixelHeight: 4, targetSize: PixelSize(width: 4, height: 7)))
        #expect(image.palette.colors.isEmpty)
        let decoded = try decodeSixel(image.sequence())
        #expect(decoded.registers.isEmpty)
        #expect(decoded.painted.isEmpty)
        #expect(decoded.newLines == 1)
    }

    @Test func halfTransparentPixelsAreCutAtHalf() throws {
        let pixels: [UInt8] = [10, 20, 30, 127, 10, 20, 30, 128]
        let image = try #require(SixelImage(rgba: pixels, pixelWidth: 2, pixelHeight: 1, targetSize: PixelSize(width: 2, height: 1)))
        #expect(image[0, 0] == nil)
        #expect(image[1, 0] == RGB(10, 20, 30))
        let decoded = try decodeSixel(image.sequence())
        #expect(decoded[0, 0] == nil)
        #expect(decoded[1, 0] != nil)
    }

    @Test(arguments: [1, 5, 6, 7, 11, 12, 13, 17, 34, 40])
    func lastBandPaintsNothingBelowTheImage(height: Int) throws {
        let opaque = rgbaPixels(width: 3, height: 3) { x, _ in x == 1 ? RGB(0, 255, 0) : RGB(255, 0, 255) }
        let image = try #require(SixelImage(rgba: opaque, pixelWidth: 3, pixelHeight: 3, targetSize: PixelSize(width: 9, height: height)))
        let text = image.sequence()
        let decoded = try decodeSixel(text)
        #expect(decoded.height == height)
        #expect(decoded.paintedOutside == 0)
        #expect(decoded.painted.count == 9 * height, "every pixel of an opaque image is painted")
        // No graphics new line after the last band: the cursor must not go a band lower.
        #expect(decoded.newLines == (height + 5) / 6 - 1)
        #expect(!decoded.endsWithNewLine)
    }

    @Test func eachColourOfABandStartsAgainFromItsLeftEdge() throws {
        // Stripes alternate colours column by column, so every band needs both colours,
        // the second drawn after `$` over the same six rows.
        let stripes = rgbaPixels(width: 6, height: 6) { x, _ in x % 2 == 0 ? RGB(255, 255, 0) : RGB(0, 0, 128) }
        let image = try #require(SixelImage(rgba: stripes, pixelWidth: 6, pixelHeight: 6, targetSize: PixelSize(width: 6, height: 6)))
        let text = image.sequence()
        #expect(text.contains("$"))
        let decoded = try decodeSixel(text)
        for x in 0..<6 {
            let expected = x % 2 == 0 ? RGB(255, 255, 0) : RGB(0, 0, 128)
            for y in 0..<6 { #expect(channelDistance(try #require(decoded[x, y]), expected) <= 2) }
        }
    }

    @Test func runsAreCompressed() throws {
        let wide = rgbaPixels(width: 40, height: 1) { x, _ in x < 30 ? RGB(0, 0, 0) : nil }
        let image = try #require(SixelImage(rgba: wide, pixelWidth: 40, pixelHeight: 1, targetSize: PixelSize(width: 40, height: 6)))
        let text = image.sequence()
        // 30 black columns of six pixels: one repeat, and nothing for the transparent tail.
        #expect(text.hasSuffix("#0!30~\u{1B}\\"))
        let decoded = try decodeSixel(text)
        #expect(decoded.painted.count == 30 * 6)
    }

    @Test(arguments: [256, 64, 16, 2, 1])
    func paletteStaysWithinItsBound(limit: Int) throws {
        // 4096 distinct colours.
        let gradient = rgbaPixels(width: 64, height: 64) { x, y in RGB(UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2)) }
        let image = try #require(
            SixelImage(rgba: gradient, pixelWidth: 64, pixelHeight: 64, targetSize: PixelSize(width: 64, height: 64), maximumColors: limit))
        #expect(image.palette.colors.count == limit)
        let decoded = try decodeSixel(image.sequence())
        #expect(decoded.registers.count == limit)
        #expect(decoded.registers.keys.allSatisfy { (0..<limit).contains($0) })
        #expect(decoded.painted.count == 64 * 64)
        // Every pixel shows its nearest palette colour.
        for (x, y) in [(0, 0), (63, 63), (10, 50), (33, 7)] {
            let source = RGB(UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2))
            let nearest = image.palette.colors[image.palette.nearestIndex(to: source)]
            #expect(channelDistance(try #require(decoded[x, y]), nearest) <= 2)
        }
    }

    @Test func medianCutKeepsTheErrorSmall() throws {
        let gradient = rgbaPixels(width: 64, height: 64) { x, y in RGB(UInt8(x * 4), UInt8(y * 4), 90) }
        let image = try #require(SixelImage(rgba: gradient, pixelWidth: 64, pixelHeight: 64, targetSize: PixelSize(width: 64, height: 64)))
        var worst = 0
        for y in 0..<64 {
            for x in 0..<64 {
                worst = max(worst, channelDistance(try #require(image[x, y]), RGB(UInt8(x * 4), UInt8(y * 4), 90)))
            }
        }
        // 4096 colours in 256 boxes of a 2-D ramp: 16 × 16 boxes, each 16 levels wide.
        #expect(worst <= 16)
    }

    @Test func fewColoursNeedFewRegisters() throws {
        let two = rgbaPixels(width: 8, height: 8) { x, y in (x + y) % 2 == 0 ? RGB(1, 2, 3) : RGB(250, 251, 252) }
        let image = try #require(SixelImage(rgba: two, pixelWidth: 8, pixelHeight: 8, targetSize: PixelSize(width: 8, height: 8)))
        #expect(image.palette.colors == [RGB(1, 2, 3), RGB(250, 251, 252)])
        #expect(try decodeSixel(image.sequence()).registers.count == 2)
    }

    @Test func downscalingAveragesAreas() throws {
        // A 4 × 4 checkerboard of black and white becomes four mid greys at 2 × 2.
        let checker = rgbaPixels(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? RGB(0, 0, 0) : RGB(255, 255, 255) }
        let image = try #require(SixelImage(rgba: checker, pixelWidth: 4, pixelHeight: 4, targetSize: PixelSize(width: 2, height: 2)))
        #expect(image.palette.colors == [RGB(128, 128, 128)])
        let decoded = try decodeSixel(image.sequence())
        #expect(decoded.painted.count == 4)
    }

    @Test func rejectsBadInput() {
        let one: [UInt8] = [1, 2, 3, 255]
        #expect(SixelImage(rgba: one, pixelWidth: 2, pixelHeight: 1, targetSize: PixelSize(width: 1, height: 1)) == nil)
        #expect(SixelImage(rgba: one, pixelWidth: 1, pixelHeight: 1, targetSize: PixelSize(width: 0, height: 1)) == nil)
        #expect(SixelImage(rgba: [], pixelWidth: 0, pixelHeight: 0, targetSize: PixelSize(width: 1, height: 1)) == nil)
        #expect(SixelImage(rgba: one, pixelWidth: 1, pixelHeight: 1, targetSize: PixelSize(width: 5000, height: 1)) == nil)
        #expect(SixelImage(rgba: one, pixelWidth: 1, pixelHeight: 1, targetSize: PixelSize(width: 1, height: 1)) != nil)
    }
}
