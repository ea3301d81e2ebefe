import Imaging
import Testing

/// Whatever the bytes, decoding returns an image or throws `ImagingError`: no crash,
/// no exit(), no huge allocation.
@Suite struct CorruptInputTests {
    @Test func emptyInputIsNotAnImage() {
        #expect(throws: ImagingError.unsupportedFormat) { try ImageDecoder.decode([UInt8]()) }
    }

    @Test func randomBytesAreNotAnImage() throws {
        var random = SeededRandom(state: 1)
        let error = #expect(throws: ImagingError.unsupportedFormat) { try ImageDecoder.decode(random.bytes(4096)) }
        #expect(error?.description == "not a PNG or JPEG image")
    }

    @Test func randomBytesAfterAMagicNumberAreCorrupt() {
        var random = SeededRandom(state: 2)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
        #expect(throws: ImagingError.corruptData) { try ImageDecoder.decode(png + random.bytes(2000)) }
        #expect(throws: ImagingError.corruptData) { try ImageDecoder.decode(jpeg + random.bytes(2000)) }
    }

    @Test(arguments: ["rgba.png", "palette.png", "interlaced.png", "baseline.jpg", "progressive.jpg", "gray.jpg"])
    func truncatedHalfwayIsCorrupt(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let error = #expect(throws: ImagingError.corruptData) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(error?.detail != nil)
    }

    /// Every possible cut point, not just one: each must fail cleanly.
    @Test(arguments: ["rgba.png", "interlaced.png", "baseline.jpg", "progressive.jpg"])
    func everyTruncationFailsCleanly(name: String) throws {
        let bytes = try Fixture.bytes(name)
        // PNG's IEND chunk and JPEG's EOI marker carry no pixels; cutting inside them
        // may legitimately still decode.
        let trailer = name.hasSuffix(".png") ? 12 : 2
        for length in 0..<(bytes.count - trailer) {
            #expect(throws: ImagingError.self, "cut at \(length)") { try ImageDecoder.decode(Array(bytes.prefix(length))) }
        }
    }

    /// Flipped bytes must decode to something or throw, never crash.
    @Test(arguments: ["rgba.png", "palette.png", "baseline.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg"])
    func flippedBytesNeverCrash(name: String) throws {
        let original = try Fixture.bytes(name)
        var random = SeededRandom(state: UInt64(original.count))
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: .min ... .max, using: &random)
            }
            do {
                let image = try ImageDecoder.decode(bytes)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                // Any ImagingError is fine; the typed throw guarantees nothing else arrives.
            }
        }
    }

    @Test func pngClaiming100000SquareFailsOnTheLimit() throws {
        let clock = ContinuousClock()
        var error: ImagingError?
        let elapsed = try clock.measure {
            let bytes = try Fixture.bytes("huge.png")
            error = #expect(throws: ImagingError.imageTooLarge) { try ImageDecoder.decode(bytes) }
        }
        #expect(error?.detail?.contains("100000x100000") == true)
        // Allocating 40 GB (or zeroing it) would take far longer than this.
        #expect(elapsed < .seconds(1))
    }

    @Test func jpegClaiming60000SquareFailsOnTheLimit() throws {
        let bytes = try Fixture.bytes("huge.jpg")
        let error = #expect(throws: ImagingError.imageTooLarge) { try ImageDecoder.decode(bytes) }
        #expect(error?.detail?.contains("60000x60000") == true)
    }

    @Test func limitsAreConfigurable() throws {
        let png = try Fixture.bytes("rgba.png")  // 8 x 6
        let jpeg = try Fixture.bytes("baseline.jpg")  // 32 x 24
        #expect(throws: ImagingError.imageTooLarge) { try ImageDecoder(maxSide: 7).decode(png) }
        #expect(throws: ImagingError.imageTooLarge) { try ImageDecoder(maxPixels: 47).decode(png) }
        #expect(try ImageDecoder(maxPixels: 48, maxSide: 8).decode(png).width == 8)
        #expect(throws: ImagingError.imageTooLarge) { try ImageDecoder(maxSide: 31).decode(jpeg) }
        #expect(try ImageDecoder(maxPixels: 32 * 24, maxSide: 32).decode(jpeg).width == 32)
    }
}
