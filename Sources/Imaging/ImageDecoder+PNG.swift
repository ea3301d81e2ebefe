import CPNG

extension ImageDecoder {
    /// libpng's simplified API expands palette, grey, 16-bit and interlaced images
    /// to RGBA8 itself and reports errors as return codes, so no setjmp is needed here.
    func decodePNG(_ buffer: UnsafeRawBufferPointer) throws(ImagingError) -> RGBAImage {
        var image = png_image()
        hs_png_image_init(&image)
        // png_image_free is idempotent, and libpng already calls it on its own failures.
        defer { png_image_free(&image) }

        guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
            throw .corruptData("libpng: " + String(cString: hs_png_image_message(&image)))
        }
        let width = Int(image.width)
        let height = Int(image.height)
        let byteCount = try checkedByteCount(width: width, height: height)

        image.format = HS_PNG_FORMAT_RGBA
        // Untagged 16-bit files are sRGB in practice (browsers treat them so);
        // libpng would otherwise assume linear light and brighten them.
        image.flags |= HS_PNG_IMAGE_FLAG_16BIT_sRGB

        var succeeded = false
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { storage, initializedCount in
            succeeded = png_image_finish_read(&image, nil, storage.baseAddress, 0, nil) != 0
            // On failure part of the buffer was never written; UInt8 needs no cleanup.
            initializedCount = succeeded ? byteCount : 0
        }
        guard succeeded else {
            throw .corruptData("libpng: " + String(cString: hs_png_image_message(&image)))
        }
        return RGBAImage(validatedWidth: width, height: height, pixels: pixels)
    }
}
