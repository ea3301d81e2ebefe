#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes PNG and JPEG into `RGBAImage`, refusing images whose header declares
/// more than `maxPixels` pixels or a side longer than `maxSide` before any pixel
/// memory is allocated.
///
/// Every failure is an `ImagingError`; corrupt or truncated data never crashes the
/// process and never makes libjpeg call `exit()`. JPEG warnings (such as "premature
/// end of data") count as failures, because libjpeg would otherwise pad the image
/// with grey.
///
/// ```swift
/// let photo = try ImageDecoder.decode(bytes)             // default limits
/// let strict = ImageDecoder(maxPixels: 4_000_000, maxSide: 4096)
/// let small = try strict.decode(data)                     // Data works too
/// ```
public struct ImageDecoder: Sendable, Hashable {
    /// 16 megapixels (4096 x 4096): 64 MiB of RGBA, plenty for hotel photos.
    public static let defaultMaxPixels = 4096 * 4096
    public static let defaultMaxSide = 8192

    /// Largest accepted `width * height`.
    public var maxPixels: Int
    /// Largest accepted width or height.
    public var maxSide: Int

    /// ```swift
    /// let decoder = ImageDecoder(maxSide: 2048)
    /// ```
    public init(maxPixels: Int = ImageDecoder.defaultMaxPixels, maxSide: Int = ImageDecoder.defaultMaxSide) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    /// Decodes PNG or JPEG bytes with the default limits.
    ///
    /// ```swift
    /// let image = try ImageDecoder.decode(try Array(Data(contentsOf: url)))
    /// ```
    public static func decode(_ bytes: [UInt8]) throws(ImagingError) -> RGBAImage {
        try ImageDecoder().decode(bytes)
    }

    /// Decodes PNG or JPEG `Data` with the default limits.
    ///
    /// ```swift
    /// let image = try ImageDecoder.decode(try Data(contentsOf: url))
    /// ```
    public static func decode(_ data: Data) throws(ImagingError) -> RGBAImage {
        try ImageDecoder().decode(data)
    }

    /// Decodes PNG or JPEG bytes, the format taken from the magic bytes.
    ///
    /// ```swift
    /// let image = try ImageDecoder(maxSide: 4096).decode(bytes)
    /// ```
    public func decode(_ bytes: [UInt8]) throws(ImagingError) -> RGBAImage {
        // withUnsafeBytes rethrows untyped errors, so the typed one travels out in a Result.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try decode(buffer) }
        }
        return try result.get()
    }

    /// Decodes PNG or JPEG `Data`, the format taken from the magic bytes.
    ///
    /// ```swift
    /// let image = try ImageDecoder(maxSide: 4096).decode(response.body)
    /// ```
    public func decode(_ data: Data) throws(ImagingError) -> RGBAImage {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try decode(buffer) }
        }
        return try result.get()
    }

    /// Decodes PNG or JPEG bytes in place, without copying them first.
    ///
    /// ```swift
    /// let image = try mappedFile.withUnsafeBytes { try ImageDecoder().decode($0) }
    /// ```
    public func decode(_ buffer: UnsafeRawBufferPointer) throws(ImagingError) -> RGBAImage {
        switch ImageFormat(sniffing: buffer) {
        case .png: try decodePNG(buffer)
        case .jpeg: try decodeJPEG(buffer)
        case nil: throw .unsupportedFormat
        }
    }
}
