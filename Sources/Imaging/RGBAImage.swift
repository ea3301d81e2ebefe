/// An 8-bit RGBA image: `width * height * 4` bytes, row-major, no row padding,
/// straight alpha.
///
/// The invariants are checked once at construction, so everything that takes an
/// `RGBAImage` can rely on them.
///
/// ```swift
/// let image = try RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
/// let thumb = image.thumbnail(fittingWidth: 16, height: 16)
/// ```
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Wraps existing RGBA8 bytes; throws `.invalidImage` unless both sides are
    /// positive and `pixels.count == width * height * 4`.
    ///
    /// ```swift
    /// let dot = try RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 255])
    /// ```
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImagingError) {
        guard width > 0, height > 0 else {
            throw .invalidImage("\(width)x\(height) has a zero or negative side")
        }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (byteCount, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        guard !areaOverflow, !bytesOverflow, pixels.count == byteCount else {
            throw .invalidImage("\(width)x\(height) needs \(width)*\(height)*4 bytes, got \(pixels.count)")
        }
        self.init(validatedWidth: width, height: height, pixels: pixels)
    }

    /// An image filled with one colour. Both sides must be positive.
    ///
    /// ```swift
    /// let transparent = RGBAImage(width: 64, height: 64, fill: .clear)
    /// ```
    public init(width: Int, height: Int, fill: RGBAColor) {
        precondition(width > 0 && height > 0, "RGBAImage needs positive sides, got \(width)x\(height)")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            pixels[offset] = fill.red
            pixels[offset + 1] = fill.green
            pixels[offset + 2] = fill.blue
            pixels[offset + 3] = fill.alpha
        }
        self.init(validatedWidth: width, height: height, pixels: pixels)
    }

    /// For callers inside the module that already guarantee the invariants.
    init(validatedWidth width: Int, height: Int, pixels: [UInt8]) {
        assert(width > 0 && height > 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (origin top left).
    ///
    /// ```swift
    /// let corner = image[image.width - 1, image.height - 1]
    /// ```
    public subscript(x: Int, y: Int) -> RGBAColor {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let offset = (y * width + x) * 4
        return RGBAColor(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }
}
