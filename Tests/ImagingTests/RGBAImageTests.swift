import Imaging
import Testing

@Suite struct RGBAImageTests {
    @Test func rejectsMismatchedPixelCounts() {
        #expect(throws: ImagingError.invalidImage) { try RGBAImage(width: 2, height: 2, pixels: [0, 0, 0, 0]) }
        #expect(throws: ImagingError.invalidImage) { try RGBAImage(width: 0, height: 1, pixels: []) }
        #expect(throws: ImagingError.invalidImage) { try RGBAImage(width: Int.max, height: 2, pixels: []) }
    }

    @Test func sniffsFormats() {
        #expect(ImageFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat(sniffing: Array("GIF89a".utf8)) == nil)
        #expect(ImageFormat(sniffing: [0xFF]) == nil)
    }

    @Test func errorsCompareByKindAndDescribeThemselvesShortly() {
        #expect(ImagingError.corruptData != ImagingError.imageTooLarge)
        #expect(ImagingError.imageTooLarge.description == "image is too large")
    }
}
