/// A certificate file given by `--cacert` or `SSL_CERT_FILE` that cannot be used.
public struct TrustRootsError: Error, Sendable, CustomStringConvertible {
    public let path: String
    /// `--cacert` or `SSL_CERT_FILE`: where the path came from.
    public let source: String
    /// The file does not exist or cannot be read (rather than holding no certificate).
    public let isMissing: Bool
    let reason: String

    public var description: String { "\(source) \(path): \(reason)" }
}
