/// The one error type thrown by this module.
///
/// Compare against the static members to branch on the kind of failure; `description`
/// is short enough to show to a user, and `detail` carries what libpng or libjpeg
/// said, for logs.
///
/// ```swift
/// do {
///     let image = try ImageDecoder.decode(bytes)
/// } catch let error as ImagingError where error == .imageTooLarge {
///     logger.info("skipping oversized photo: \(error.detail ?? "")")
/// }
/// ```
public struct ImagingError: Error, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    private enum Code: Hashable, Sendable {
        case unsupportedFormat
        case imageTooLarge
        case corruptData
        case invalidImage
        case encodingFailed
    }

    private let code: Code

    /// The library's own message or the limit that was hit. Meant for logs, not users.
    public let detail: String?

    private init(code: Code, detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    public var description: String {
        switch code {
        case .unsupportedFormat: "not a PNG or JPEG image"
        case .imageTooLarge: "image is too large"
        case .corruptData: "image data is corrupt or truncated"
        case .invalidImage: "image dimensions do not match its pixels"
        case .encodingFailed: "could not encode the image"
        }
    }

    public var debugDescription: String {
        guard let detail else { return "ImagingError.\(code)" }
        return "ImagingError.\(code): \(detail)"
    }

    // Equality ignores `detail`, so that `catch where error == .corruptData` and
    // `#expect(throws: ImagingError.corruptData)` work whatever the library said.
    public static func == (lhs: ImagingError, rhs: ImagingError) -> Bool {
        lhs.code == rhs.code
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    /// The data is neither PNG nor JPEG (or is empty).
    public static let unsupportedFormat = ImagingError(code: .unsupportedFormat)
    /// The image header declares more pixels or a longer side than the decoder allows.
    public static let imageTooLarge = ImagingError(code: .imageTooLarge)
    /// The data looks like PNG or JPEG but could not be decoded completely.
    public static let corruptData = ImagingError(code: .corruptData)
    /// An `RGBAImage` was built with a zero side or a pixel count that does not match.
    public static let invalidImage = ImagingError(code: .invalidImage)
    /// The encoder failed.
    public static let encodingFailed = ImagingError(code: .encodingFailed)

    static func imageTooLarge(_ detail: String) -> ImagingError {
        ImagingError(code: .imageTooLarge, detail: detail)
    }

    static func corruptData(_ detail: String) -> ImagingError {
        ImagingError(code: .corruptData, detail: detail)
    }

    static func invalidImage(_ detail: String) -> ImagingError {
        ImagingError(code: .invalidImage, detail: detail)
    }

    static func encodingFailed(_ detail: String) -> ImagingError {
        ImagingError(code: .encodingFailed, detail: detail)
    }
}
