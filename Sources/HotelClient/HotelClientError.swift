import Foundation
import HotelSOAP

/// Why a call to the service failed, short of a SOAP fault (thrown as `SOAPFault`) or a
/// malformed response (thrown as `SOAPParseError`).
///
/// Match on `code` (or the broader `code.kind`), never on the description:
/// ```swift
/// do { _ = try await client.searchPage(query, page: .first(size: 50)) }
/// catch let error as HotelClientError where error.code == .connectionRefused { print("is it running?") }
/// catch let error as HotelClientError where error.isRetryable { … }
/// ```
/// The description is one line naming the URL; it gives no command-line advice, which is
/// the caller's to add.
public struct HotelClientError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Failure: Equatable, Sendable {
        case connectionRefused
        case hostNotFound
        case connectionReset
        case connectionClosed
        case connectionFailed(String)
        case certificateUntrusted
        case certificateNameMismatch(String)
        case notTLS
        case tlsFailed(String)
        case proxyFailed(String)
        case timeout(Double)
        case httpStatus(Int, String)
        case malformedResponseHead(String)
        case responseTooLarge(Int)
        case invalidEndpoint(String)
        case wsdlHasNoEndpoint
        case redirectLoop(String)
        case redirectRefused(String, String)
        case notCached
    }

    private let failure: Failure
    /// The URL the failing request went to.
    public let url: String
    /// The response had begun arriving when this happened: some of its rows may be out.
    /// The page walk asks for such a page again (skipping what was handed on); a failure
    /// before any byte arrived is retried by the transport itself.
    public internal(set) var cutOffMidResponse = false

    private init(_ failure: Failure, url: String) {
        self.failure = failure
        self.url = url
    }

    /// Nothing listens on the port (ECONNREFUSED).
    public static func connectionRefused(_ url: String) -> HotelClientError { .init(.connectionRefused, url: url) }
    /// The host name does not resolve.
    public static func hostNotFound(_ url: String) -> HotelClientError { .init(.hostNotFound, url: url) }
    /// The peer reset the connection (ECONNRESET).
    public static func connectionReset(_ url: String) -> HotelClientError { .init(.connectionReset, url: url) }
    /// The service closed the connection before the response was complete.
    public static func connectionClosed(_ url: String) -> HotelClientError { .init(.connectionClosed, url: url) }
    /// Another socket-level failure; `reason` says which.
    public static func connectionFailed(_ url: String, reason: String) -> HotelClientError { .init(.connectionFailed(reason), url: url) }
    /// The certificate does not chain to a trusted CA (self-signed, expired, unknown CA).
    public static func certificateUntrusted(_ url: String) -> HotelClientError { .init(.certificateUntrusted, url: url) }
    /// The certificate is not issued for the host.
    public static func certificateNameMismatch(_ url: String, host: String) -> HotelClientError {
        .init(.certificateNameMismatch(host), url: url)
    }
    /// The port does not speak TLS.
    public static func notTLS(_ url: String) -> HotelClientError { .init(.notTLS, url: url) }
    /// Another TLS handshake failure.
    public static func tlsFailed(_ url: String, reason: String) -> HotelClientError { .init(.tlsFailed(reason), url: url) }
    /// The HTTP proxy (from `http_proxy`/`https_proxy`) refused or failed the request.
    public static func proxyFailed(_ url: String, reason: String) -> HotelClientError { .init(.proxyFailed(reason), url: url) }
    /// Redirects that loop or never end.
    public static func redirectLoop(_ url: String, reason: String) -> HotelClientError { .init(.redirectLoop(reason), url: url) }
    /// A redirect not followed because it would carry the WS-Security header somewhere it
    /// should not go: over plain http, or to another host or port.
    public static func redirectRefused(_ url: String, to target: String, reason: String) -> HotelClientError {
        .init(.redirectRefused(target, reason), url: url)
    }
    /// `--offline` and the response is not in the cache.
    public static func notCached(_ url: String) -> HotelClientError { .init(.notCached, url: url) }
    /// No answer (or no more bytes) within the timeout.
    public static func timeout(_ url: String, seconds: Double) -> HotelClientError { .init(.timeout(seconds), url: url) }
    /// An HTTP error whose body is not SOAP; `what` describes the body.
    public static func httpStatus(_ url: String, status: Int, what: String) -> HotelClientError {
        .init(.httpStatus(status, what), url: url)
    }
    /// The response head is not valid HTTP, or larger than the decoder accepts.
    public static func malformedResponseHead(_ url: String, reason: String) -> HotelClientError {
        .init(.malformedResponseHead(reason), url: url)
    }
    /// The response passed the size limit.
    public static func responseTooLarge(_ url: String, limit: Int) -> HotelClientError { .init(.responseTooLarge(limit), url: url) }
    public static func invalidEndpoint(_ url: String, reason: String) -> HotelClientError { .init(.invalidEndpoint(reason), url: url) }
    /// The WSDL names no SOAP address for the version asked for.
    public static func wsdlHasNoEndpoint(_ url: String) -> HotelClientError { .init(.wsdlHasNoEndpoint, url: url) }

    /// What failed, for matching.
    public var code: Code {
        switch failure {
        case .connectionRefused: return .connectionRefused
        case .hostNotFound: return .hostNotFound
        case .connectionReset: return .connectionReset
        case .connectionClosed: return .connectionClosed
        case .connectionFailed: return .connectionFailed
        case .certificateUntrusted: return .certificateUntrusted
        case .certificateNameMismatch: return .certificateNameMismatch
        case .notTLS: return .notTLS
        case .tlsFailed: return .tlsFailed
        case .proxyFailed: return .proxyFailed
        case .timeout: return .timeout
        case .httpStatus: return .httpStatus
        case .malformedResponseHead: return .malformedResponseHead
        case .responseTooLarge: return .responseTooLarge
        case .invalidEndpoint: return .invalidEndpoint
        case .wsdlHasNoEndpoint: return .wsdlHasNoEndpoint
        case .redirectLoop: return .redirectLoop
        case .redirectRefused: return .redirectRefused
        case .notCached: return .notCached
        }
    }

    /// The HTTP status, for `.httpStatus`.
    public var status: Int? {
        if case .httpStatus(let status, _) = failure { return status }
        return nil
    }

    /// Worth trying again: the service may be starting, restarting or briefly overloaded.
    /// Faults, malformed responses, a name that does not resolve, TLS failures and other
    /// HTTP errors are not: the same request fails the same way.
    public var isRetryable: Bool {
        switch failure {
        case .connectionRefused, .connectionReset, .connectionClosed: return true
        case .httpStatus(let status, _): return status == 503
        default: return false
        }
    }

    public var description: String {
        switch failure {
        case .connectionRefused:
            return "cannot reach \(url): connection refused"
        case .hostNotFound:
            return "cannot resolve \(URL(string: url)?.host ?? url) (\(url))"
        case .connectionReset:
            return "cannot reach \(url): the connection was reset"
        case .connectionClosed:
            return "cannot reach \(url): the service closed the connection before the response was complete"
        case .connectionFailed(let reason):
            return "cannot reach \(url): \(reason)"
        case .proxyFailed(let reason):
            return "cannot reach \(url): \(reason)"
        case .certificateUntrusted:
            return "cannot connect securely to \(url): its TLS certificate is not trusted (self-signed, expired, or from an unknown CA)"
        case .certificateNameMismatch(let host):
            return "cannot connect securely to \(url): its TLS certificate is not issued for \(host)"
        case .notTLS:
            return "cannot connect securely to \(url): the TLS handshake failed: the port does not speak TLS"
        case .tlsFailed(let reason):
            return "cannot connect securely to \(url): \(reason)"
        case .redirectLoop(let reason):
            return "\(url) redirects without end (\(reason))"
        case .notCached:
            return "the answer from \(url) to this request is not in the cache, and the network is not to be used"
        case .redirectRefused(let target, let reason):
            return "\(url) redirects to \(target), which was not followed: \(reason)"
        case .timeout(let seconds):
            return "no answer from \(url) within \(seconds.formatted) s"
        case .httpStatus(let status, let what):
            return "\(url) answered HTTP \(status) with \(what), not a SOAP response"
        case .malformedResponseHead(let reason):
            return "\(url) answered with a response head that is not valid HTTP (\(reason))"
        case .responseTooLarge(let limit):
            return "the response from \(url) is larger than \(limit) bytes"
        case .invalidEndpoint(let reason):
            return "invalid endpoint \(url): \(reason)"
        case .wsdlHasNoEndpoint:
            return "the WSDL at \(url) has no soap:address for this SOAP version"
        }
    }
}

extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
