import Imaging
import Testing

@Suite struct ThumbnailTests {
    @Test(arguments: [
        // source, box, expected
        (200, 100, 16, 16, 16, 8),
        (100, 200, 16, 16, 8, 16),
        (640, 480, 160, 160, 160, 120),
        (1000, 1, 10, 10, 10, 1),  // never 0 high
        (1, 1000, 10, 10, 1, 10),
        (50, 50, 0, 0, 1, 1),  // a degenerate box still gives a pixel
        (10, 5, 40, 40, 40, 20),  // enlarging keeps the aspect ratio too
        (64, 64, 64, 64, 64, 64),
    ])
    func fitsInsideTheBox(source: (Int, Int, Int, Int, Int, Int)) {
        let (width, height, boxWidth, boxHeight, expectedWidth, expectedHeight) = source
        let image = RGBAImage(width: width, height: height, fill: .white)
        let thumbnail = image.thumbnail(fittingWidth: boxWidth, height: boxHeight)
        #expect(thumbnail.width == expectedWidth)
        #expect(thumbnail.height == expectedHeight)
        #expect(thumbnail.pixels.count == expectedWidth * expectedHeight * 4)
        #expect(thumbnail[0, 0] == .white)
    }

    @Test func shrinkingAveragesAreas() throws {
        // Black and white columns average to mid grey rather than aliasing to one of them.
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<8 {
                let value: UInt8 = x % 2 == 0 ? 0 : 255
                pixels += [value, value, value, 255]
            }
        }
        let stripes = try RGBAImage(width: 8, height: 8, pixels: pixels)
        let small = stripes.thumbnail(fittingWidth: 2, height: 2)
        #expect(small.width == 2)
        for y in 0..<2 {
            for x in 0..<2 {
                #expect(small[x, y] == RGBAColor(red: 128, green: 128, blue: 128))
            }
        }
    }

    @Test func nonIntegerShrinkPreservesAFlatColour() {
        let flat = RGBAImage(width: 97, height: 61, fill: RGBAColor(red: 200, green: 100, blue: 50, alpha: 180))
        let small = flat.thumbnail(fittingWidth: 13, height: 13)
        #expect(small.width == 13 && small.height == 8)
        #expect(small.difference { _, _ in RGBAColor(red: 200, green: 100, blue: 50, alpha: 180) }.max == 0)
    }

    @Test func transparentPixelsDoNotBleedColour() throws {
        // Left pixel opaque red, right pixel fully transparent green.
        let image = try RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0])
        let merged = image.resized(toWidth: 1, height: 1)
        #expect(merged[0, 0] == RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
    }

    @Test func enlargingInterpolates() throws {
        let image = try RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255])
        let large = image.resized(toWidth: 8, height: 1)
        #expect(large[0, 0] == RGBAColor(red: 0, green: 0, blue: 0))
        #expect(large[7, 0] == RGBAColor(red: 255, green: 255, blue: 255))
        let middle = large.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(middle == middle.sorted())  // a ramp, not two blocks
        #expect(Set(middle).count > 2)
    }

    @Test func thumbnailOfADecodedPhoto() throws {
        let photo = try ImageDecoder.decode(Fixture.bytes("baseline.jpg"))
        let thumbnail = photo.thumbnail(fittingWidth: 8, height: 8)
        #expect(thumbnail.width == 8 && thumbnail.height == 6)
        // The gradient survives: red grows left to right, green top to bottom.
        #expect(thumbnail[0, 0].red < thumbnail[7, 0].red)
        #expect(thumbnail[0, 0].green < thumbnail[0, 5].green)
    }
}
