import HotelSOAP

/// Why a call to the service failed, short of a SOAP fault (thrown as `SOAPFault`) or a
/// malformed response (thrown as `SOAPParseError`).
///
/// ```swift
/// do { try await client.search(query) { … } }
/// catch let error as HotelClientError where error.isRetryable { … }
/// ```
public struct HotelClientError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Equatable, Sendable {
        case connectionFailed(String)
        case tlsFailed(String)
        case proxyFailed(String)
        case timeout(Double)
        case httpStatus(Int, String)
        case responseTooLarge(Int)
        case invalidEndpoint(String)
        case wsdlHasNoEndpoint
        case redirectLoop(String)
    }

    private let code: Code
    /// The URL the failing request went to.
    public let url: String

    private init(_ code: Code, url: String) {
        self.code = code
        self.url = url
    }

    /// Refused, reset, DNS failure: nothing usable came back.
    public static func connectionFailed(_ url: String, reason: String) -> HotelClientError { .init(.connectionFailed(reason), url: url) }
    /// The TLS handshake failed: an untrusted certificate, a wrong host name, not TLS at all.
    public static func tlsFailed(_ url: String, reason: String) -> HotelClientError { .init(.tlsFailed(reason), url: url) }
    /// The HTTP proxy (from `http_proxy`/`https_proxy`) refused or failed the request.
    public static func proxyFailed(_ url: String, reason: String) -> HotelClientError { .init(.proxyFailed(reason), url: url) }
    /// Redirects that loop or never end.
    public static func redirectLoop(_ url: String, reason: String) -> HotelClientError { .init(.redirectLoop(reason), url: url) }
    /// No answer (or no more bytes) within the timeout.
    public static func timeout(_ url: String, seconds: Double) -> HotelClientError { .init(.timeout(seconds), url: url) }
    /// An HTTP error whose body is not SOAP; `what` describes the body.
    public static func httpStatus(_ url: String, status: Int, what: String) -> HotelClientError { .init(.httpStatus(status, what), url: url) }
    public static func responseTooLarge(_ url: String, limit: Int) -> HotelClientError { .init(.responseTooLarge(limit), url: url) }
    public static func invalidEndpoint(_ url: String, reason: String) -> HotelClientError { .init(.invalidEndpoint(reason), url: url) }
    public static func wsdlHasNoEndpoint(_ url: String) -> HotelClientError { .init(.wsdlHasNoEndpoint, url: url) }

    public enum Kind: Sendable, Equatable { case network, timeout, http, tooLarge, usage }

    public var kind: Kind {
        switch code {
        case .connectionFailed, .tlsFailed, .proxyFailed: return .network
        case .timeout: return .timeout
        case .httpStatus, .redirectLoop: return .http
        case .responseTooLarge: return .tooLarge
        case .invalidEndpoint, .wsdlHasNoEndpoint: return .usage
        }
    }

    /// The HTTP status, for `.http`.
    public var status: Int? {
        if case .httpStatus(let status, _) = code { return status }
        return nil
    }

    /// Worth trying again: the service may be starting or briefly overloaded. Faults,
    /// malformed responses and other HTTP errors are not: the same request fails the same way.
    public var isRetryable: Bool {
        switch code {
        case .connectionFailed: return true
        case .httpStatus(let status, _): return status == 503
        default: return false
        }
    }

    public var description: String {
        switch code {
        case .connectionFailed(let reason):
            return "cannot reach \(url): \(reason); is the service running? (hotels serve)"
        case .proxyFailed(let reason):
            return "cannot reach \(url): \(reason)"
        case .tlsFailed(let reason):
            return "cannot connect securely to \(url): \(reason)"
        case .redirectLoop(let reason):
            return "\(url) redirects without end (\(reason)); give the final URL with --endpoint"
        case .timeout(let seconds):
            return "no answer from \(url) within \(seconds.formatted) s; raise --timeout or check the service"
        case .httpStatus(let status, let what):
            return "\(url) answered HTTP \(status) with \(what), not a SOAP response"
        case .responseTooLarge(let limit):
            return "the response from \(url) is larger than \(limit) bytes; raise --max-response-size if that is expected"
        case .invalidEndpoint(let reason):
            return "invalid endpoint \(url): \(reason)"
        case .wsdlHasNoEndpoint:
            return "the WSDL at \(url) has no soap:address for HotelSearchService; pass --endpoint instead"
        }
    }
}

extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
