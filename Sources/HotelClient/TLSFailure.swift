import Foundation
import NIOSSL

/// TLS handshake failures in the terms a user acts on. BoringSSL reports them as a list
/// of library error strings; the one that matters is nearly always an untrusted chain.
enum TLSFailure {
    /// A one-line reason, or nil when `error` is not a TLS failure.
    static func describe(_ error: any Error, url: String) -> String? {
        if let extra = error as? NIOSSLExtraError {
            if extra == .failedToValidateHostname {
                let host = URL(string: url)?.host ?? url
                return "its TLS certificate is not issued for \(host); use the host name the certificate names"
            }
            return "the TLS handshake failed (\(extra))"
        }
        guard error is NIOSSLError || error is BoringSSLError else { return nil }
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return "its TLS certificate is not trusted (self-signed, expired, or from an unknown CA); give the CA's certificate with --cacert FILE"
        }
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("PACKET_LENGTH_TOO_LONG") {
            return "the TLS handshake failed: the port does not speak TLS; is it an http:// service?"
        }
        return "the TLS handshake failed (\(text))"
    }
}
