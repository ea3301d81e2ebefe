import CJPEG

extension ImageDecoder {
    /// Progressive JPEGs with more scans than this are refused: each scan is a pass
    /// over the whole image, so thousands of them are a cheap denial of service.
    static let maxJPEGScans: Int32 = 500

    /// The libjpeg calls live in the CJPEG shim, which owns the setjmp that libjpeg's
    /// error handling needs; Swift only checks limits and owns the pixel buffer.
    func decodeJPEG(_ buffer: UnsafeRawBufferPointer) throws(ImagingError) -> RGBAImage {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .unsupportedFormat
        }
        let decoder = UnsafeMutablePointer<hs_jpeg_decoder>.allocate(capacity: 1)
        decoder.initialize(to: hs_jpeg_decoder())
        defer {
            hs_jpeg_destroy(decoder)
            decoder.deinitialize(count: 1)
            decoder.deallocate()
        }

        var headerWidth: UInt32 = 0
        var headerHeight: UInt32 = 0
        guard
            hs_jpeg_read_header(decoder, base, UInt(buffer.count), Self.maxJPEGScans, &headerWidth, &headerHeight)
                == Int32(HS_JPEG_OK)
        else {
            throw .corruptData("libjpeg: " + String(cString: hs_jpeg_message(decoder)))
        }
        let width = Int(headerWidth)
        let height = Int(headerHeight)
        let byteCount = try checkedByteCount(width: width, height: height)

        var status = Int32(HS_JPEG_FAILED)
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { storage, initializedCount in
            status = hs_jpeg_read_rgba(decoder, storage.baseAddress)
            initializedCount = status == Int32(HS_JPEG_OK) ? byteCount : 0
        }
        guard status == Int32(HS_JPEG_OK) else {
            throw .corruptData("libjpeg: " + String(cString: hs_jpeg_message(decoder)))
        }
        return RGBAImage(validatedWidth: width, height: height, pixels: pixels)
    }
}
