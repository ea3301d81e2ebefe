/// A picture to draw with text: 8-bit RGBA pixels, row by row, with straight (not
/// premultiplied) alpha, as image decoders hand them out. Alpha 0 is transparent: there
/// the terminal's own background shows.
///
/// ```swift
/// let logo = PixelGrid(width: image.width, height: image.height, rgba: image.pixels)
/// let dot = PixelGrid(width: 2, height: 1, pixels: [nil, RGB(255, 0, 0)])  // transparent, red
/// ```
public struct PixelGrid: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// Sides below zero count as zero. The bytes must cover the grid; extra bytes are
    /// ignored.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        let width = max(0, width)
        let height = max(0, height)
        precondition(rgba.count >= width * height * 4, "fewer than width × height × 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba.count == width * height * 4 ? rgba : Array(rgba.prefix(width * height * 4))
    }

    /// Opaque pixels, except `nil` ones, which are transparent.
    public init(width: Int, height: Int, pixels: [RGB?]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pixels.count * 4)
        for pixel in pixels {
            if let pixel {
                bytes += [pixel.red, pixel.green, pixel.blue, 255]
            } else {
                bytes += [0, 0, 0, 0]
            }
        }
        self.init(width: width, height: height, rgba: bytes)
    }

    /// The pixel at a position: its colour, and its alpha from 0 (transparent) to 255.
    public subscript(x: Int, y: Int) -> (color: RGB, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (RGB(rgba[i], rgba[i + 1], rgba[i + 2]), rgba[i + 3])
    }
}
