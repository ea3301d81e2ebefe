import Imaging
import Testing

@Suite struct PNGEncoderTests {
    @Test(arguments: [(1, 1), (3, 2), (17, 5), (64, 64), (300, 7)])
    func roundTripKeepsEveryByte(width: Int, height: Int) throws {
        var random = SeededRandom(state: UInt64(width * 1000 + height))
        let original = try RGBAImage(width: width, height: height, pixels: random.bytes(width * height * 4))
        let encoded = try PNGEncoder.encode(original)
        #expect(ImageFormat(sniffing: encoded) == .png)
        #expect(try ImageDecoder.decode(encoded) == original)
    }

    @Test func reencodingADecodedFixtureIsLossless() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("palette.png"))
        #expect(try ImageDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    @Test func flatImagesCompress() throws {
        let flat = RGBAImage(width: 256, height: 256, fill: RGBAColor(red: 10, green: 20, blue: 30))
        #expect(try PNGEncoder.encode(flat).count < 2048)
    }
}
