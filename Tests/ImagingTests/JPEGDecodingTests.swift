import Imaging
import Testing

@Suite struct JPEGDecodingTests {
    // Lossy: compare with the source image, loosely. Measured at quality 95 with 4:2:0
    // chroma: a mean error of about 1 and a worst channel 8 levels off.
    @Test(arguments: ["baseline.jpg", "progressive.jpg"])
    func decodesColour(name: String) throws {
        let image = try ImageDecoder.decode(Fixture.bytes(name))
        #expect(image.width == 32 && image.height == 24)
        let difference = image.difference(from: Fixture.gradient)
        #expect(difference.mean < 2)
        #expect(difference.max <= 12)
    }

    @Test func baselineAndProgressiveAgree() throws {
        let baseline = try ImageDecoder.decode(Fixture.bytes("baseline.jpg"))
        let progressive = try ImageDecoder.decode(Fixture.bytes("progressive.jpg"))
        #expect(progressive.difference(from: { baseline[$0, $1] }).max <= 2)
    }

    @Test func expandsGrayscaleToRGBA() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("gray.jpg"))
        #expect(image.width == 32 && image.height == 24)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                #expect(pixel.red == pixel.green && pixel.green == pixel.blue && pixel.alpha == 255)
            }
        }
        let difference = image.difference { x, y in
            let value = Fixture.gradient(x: x, y: y).red
            return RGBAColor(red: value, green: value, blue: value)
        }
        #expect(difference.max <= 4)
    }

    @Test func convertsAdobeCMYKToRGB() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("cmyk.jpg"))
        #expect(image.width == 16 && image.height == 8)
        // Flat ink per row and column compresses almost losslessly (measured: exact).
        let difference = image.difference(from: Fixture.cmyk)
        #expect(difference.mean < 1)
        #expect(difference.max <= 4)
    }
}
