/// The encoded formats this module reads, recognised by their magic bytes
/// rather than by file name or declared content type, which suppliers get wrong.
///
/// ```swift
/// if ImageFormat(sniffing: bytes) == .jpeg { contentType = "image/jpeg" }
/// ```
public enum ImageFormat: Sendable, Hashable {
    case png
    case jpeg

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // SOI followed by the first byte of any marker.
    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// `nil` when the bytes start like neither format.
    ///
    /// ```swift
    /// ImageFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0])   // .jpeg
    /// ```
    public init?(sniffing bytes: some Collection<UInt8>) {
        if bytes.starts(with: Self.pngSignature) {
            self = .png
        } else if bytes.starts(with: Self.jpegSignature) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
