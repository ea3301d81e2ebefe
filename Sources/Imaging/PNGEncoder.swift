import CPNG

/// Encodes `RGBAImage` as an 8-bit RGBA PNG with libpng.
///
/// ```swift
/// let logo = MonogramLogo(initials: "GB", seed: "hotel-4711").render()
/// let bytes = try PNGEncoder.encode(logo)
/// ```
public enum PNGEncoder {
    /// Returns the complete PNG file.
    ///
    /// ```swift
    /// let png = try PNGEncoder.encode(image.thumbnail(fittingWidth: 128, height: 128))
    /// ```
    public static func encode(_ image: RGBAImage) throws(ImagingError) -> [UInt8] {
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height),
            image.width <= Int(Int32.max) / 4
        else {
            throw .invalidImage("\(image.width)x\(image.height) is beyond what PNG can hold")
        }
        var png = png_image()
        hs_png_image_init(&png)
        png.width = width
        png.height = height
        png.format = HS_PNG_FORMAT_RGBA

        // Sizing the buffer for the worst case lets libpng compress once instead of
        // twice (its other option is a dry run that only measures).
        let capacity = Int(hs_png_image_png_size_max(&png))
        var written = png_alloc_size_t(capacity)
        var output = [UInt8](repeating: 0, count: capacity)
        let succeeded = output.withUnsafeMutableBytes { destination in
            image.pixels.withUnsafeBytes { source in
                png_image_write_to_memory(&png, destination.baseAddress, &written, 0, source.baseAddress, 0, nil) != 0
            }
        }
        png_image_free(&png)
        guard succeeded else {
            throw .encodingFailed("libpng: " + String(cString: hs_png_image_message(&png)))
        }
        // Copy out so the caller does not keep the worst-case capacity alive.
        return Array(output[..<Int(written)])
    }
}
