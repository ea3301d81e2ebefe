/// A certificate file that cannot be used: one the caller added, or `SSL_CERT_FILE`'s.
///
/// ```swift
/// catch let error as TrustRootsError where error.isMissing { print("no such file: \(error.path)") }
/// ```
public struct TrustRootsError: Error, Sendable, CustomStringConvertible {
    /// Where a certificate file came from.
    public enum Source: Sendable, Equatable {
        /// Passed to `TrustRoots(adding:)` by the caller.
        case added
        /// The `SSL_CERT_FILE` environment variable.
        case environment
    }

    public let path: String
    public let source: Source
    /// The file does not exist or cannot be read (rather than holding no certificate).
    public let isMissing: Bool
    /// What is wrong with the file, e.g. `no such file`.
    public let reason: String

    /// `SSL_CERT_FILE /etc/ca.pem: no such file`, or `/tmp/ca.pem: …` for an added file:
    /// the caller knows which flag gave it, and says so.
    public var description: String {
        switch source {
        case .environment: return "SSL_CERT_FILE \(path): \(reason)"
        case .added: return "\(path): \(reason)"
        }
    }
}
