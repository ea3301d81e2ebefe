import Foundation
import NIOSSL

/// The certificate authorities an https endpoint's certificate must chain to: the system's
/// (or those of `SSL_CERT_FILE`, as OpenSSL reads it), plus any the caller adds for one run
/// (the CLI's `--cacert FILE`), e.g. a company CA or a test server's self-signed one.
///
/// The files are read when the value is made, so a missing or empty file is reported before
/// any connection is tried, naming the file.
///
/// ```swift
/// let roots = try TrustRoots(adding: ["company-ca.pem"])
/// let configuration = HotelSearchClient.Configuration(endpoint: url, trustRoots: roots)
/// ```
public struct TrustRoots: Sendable {
    /// Replaces the system's roots (`SSL_CERT_FILE`); nil keeps them.
    let replacement: [NIOSSLCertificate]?
    /// Trusted besides the roots above.
    let additional: [NIOSSLCertificate]

    /// The system's roots only; `init(adding:)` is what reads `SSL_CERT_FILE`.
    public static var system: TrustRoots { TrustRoots(replacement: nil, additional: []) }

    init(replacement: [NIOSSLCertificate]?, additional: [NIOSSLCertificate]) {
        self.replacement = replacement
        self.additional = additional
    }

    /// The roots from `SSL_CERT_FILE` (else the system's), plus the PEM certificates in `files`.
    public init(adding files: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws(TrustRootsError) {
        var replacement: [NIOSSLCertificate]? = nil
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty {
            replacement = try Self.load(file, from: .environment)
        }
        var additional: [NIOSSLCertificate] = []
        for file in files { additional += try Self.load(file, from: .added) }
        self.init(replacement: replacement, additional: additional)
    }

    static func load(_ path: String, from source: TrustRootsError.Source) throws(TrustRootsError) -> [NIOSSLCertificate] {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw TrustRootsError(
                path: path, source: source, isMissing: true,
                reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        // A PEM file of something else (a key, say) fails to load rather than load empty.
        let certificates = (try? NIOSSLCertificate.fromPEMFile(path)) ?? []
        guard !certificates.isEmpty else {
            throw TrustRootsError(
                path: path, source: source, isMissing: false, reason: "holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }

    /// The client TLS configuration with these roots; hostnames are always verified.
    var tlsConfiguration: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let replacement { tls.trustRoots = .certificates(replacement) }
        if !additional.isEmpty { tls.additionalTrustRoots = [.certificates(additional)] }
        return tls
    }
}
