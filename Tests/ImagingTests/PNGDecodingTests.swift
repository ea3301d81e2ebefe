import Imaging
import Testing

import struct Foundation.Data

@Suite struct PNGDecodingTests {
    @Test func decodesRGBA() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("rgba.png"))
        #expect(image.width == 8 && image.height == 6)
        #expect(image.difference(from: Fixture.rgba).max == 0)
    }

    @Test func decodesTwoBitPaletteWithTransparency() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("palette.png"))
        #expect(image.width == 8 && image.height == 6)
        #expect(image.difference(from: Fixture.palette).max == 0)
    }

    @Test func decodesSixteenBitGrayAsSRGB() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("gray16.png"))
        #expect(image.width == 8 && image.height == 6)
        #expect(image.difference(from: Fixture.gray16).max == 0)
    }

    @Test func decodesAdam7Interlaced() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("interlaced.png"))
        #expect(image.width == 9 && image.height == 9)
        #expect(image.difference(from: Fixture.interlaced).max == 0)
    }

    @Test func decodesFoundationData() throws {
        let data = try Fixture.bytes("rgba.png")
        let fromData = try ImageDecoder.decode(Data(data))
        #expect(try fromData == ImageDecoder.decode(data))
    }

    @Test func decodesDataSliceWithNonZeroStartIndex() throws {
        let data = Data([0, 0, 0] + (try Fixture.bytes("rgba.png")))
        let slice = data[3...]
        #expect(try ImageDecoder.decode(slice).width == 8)
    }

    @Test func decodesConcurrently() async throws {
        let png = try Fixture.bytes("rgba.png")
        let jpeg = try Fixture.bytes("progressive.jpg")
        let expectedPNG = try ImageDecoder.decode(png)
        let expectedJPEG = try ImageDecoder.decode(jpeg)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? try ImageDecoder.decode(png) == expectedPNG
                        : try ImageDecoder.decode(jpeg) == expectedJPEG
                }
            }
            for try await matched in group {
                #expect(matched)
            }
        }
    }
}
