import AsyncHTTPClient
import Foundation
import HotelSOAP
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// AsyncHTTPClient, NIO and NIOSSL errors in the terms a caller acts on, chosen by the
/// errors' types and `errno`, never by their text.
enum TransportFailure {
    /// The error to throw for `error`, which came from a request to `url`: a
    /// `HotelClientError` for transport failures, a `SOAPParseError` for a corrupt
    /// compressed body, and anything else (faults, parse errors, cancellation) unchanged.
    static func map(_ error: any Error, url: String, timeout: Double, maxResponseSize: Int = 512 << 20) async -> any Error {
        if let parse = error as? SOAPParseError { return parse.from(url) }
        if error is SOAPFault || error is HotelClientError || error is CancellationError { return error }
        let proxy = URL(string: url).flatMap { ProxyEnvironment.setting(for: $0) }
        if let http = error as? HTTPClientError {
            if let mapped = map(http, url: url, timeout: timeout, proxy: proxy) { return mapped }
        }
        if let decompression = error as? NIOHTTPDecompression.DecompressionError {
            if decompression == .limit { return HotelClientError.responseTooLarge(url, limit: maxResponseSize) }
            return SOAPParseError(.malformed, line: 0, reason: "the compressed response is corrupt (\(decompression))").from(url)
        }
        if error is NIOHTTPDecompression.ExtraDecompressionError {
            return SOAPParseError(
                .truncated, line: 0, reason: "the compressed response is cut off or has trailing data (\(error))"
            ).from(url)
        }
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return HotelClientError.certificateNameMismatch(url, host: URL(string: url)?.host ?? url)
        }
        // A body cut off mid-way: the HTTP decoder saw the stream end inside it, or TLS
        // ended without close_notify. The response is incomplete, as a truncated document is.
        if let parser = error as? HTTPParserError {
            switch parser {
            case .invalidEOFState:
                return SOAPParseError(
                    .truncated, line: 0,
                    reason: "the response was cut off: the connection closed before the body's declared end"
                ).from(url)
            case .closedConnection:
                return HotelClientError.connectionClosed(url)
            case .headerOverflow:
                return HotelClientError.malformedResponseHead(url, reason: "the head is larger than 80 KiB")
            default:
                return HotelClientError.malformedResponseHead(url, reason: "\(parser)")
            }
        }
        if let ssl = error as? NIOSSLError, ssl == .uncleanShutdown {
            return SOAPParseError(.truncated, line: 0, reason: "the response was cut off: TLS ended without close_notify").from(url)
        }
        if error is NIOSSLError || error is BoringSSLError {
            return await tlsFailure(url: url, timeout: timeout, proxy: proxy)
        }
        if let connection = error as? NIOConnectionError {
            // Every address refused, or none resolved: report the first socket error.
            if let first = connection.connectionErrors.first?.error {
                return await map(first, url: url, timeout: timeout, maxResponseSize: maxResponseSize)
            }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil { return unresolved(url, proxy: proxy) }
        }
        if error is SocketAddressError.UnknownHost { return unresolved(url, proxy: proxy) }
        if let io = error as? IOError {
            return map(errno: io.errnoCode, url: url, timeout: timeout, proxy: proxy)
                ?? HotelClientError.connectionFailed(url, reason: "\(io)")
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return HotelClientError.timeout(url, seconds: timeout)
            case .eof, .ioOnClosedChannel, .outputClosed, .alreadyClosed: return HotelClientError.connectionClosed(url)
            default: return HotelClientError.connectionFailed(url, reason: "\(channel)")
            }
        }
        return error
    }

    private static func map(_ http: HTTPClientError, url: String, timeout: Double, proxy: (name: String, value: String)?)
        -> HotelClientError?
    {
        switch http {
        case .readTimeout, .connectTimeout, .deadlineExceeded:
            return .timeout(url, seconds: timeout)
        case .remoteConnectionClosed:
            return .connectionClosed(url)
        case .redirectCycleDetected:
            return .redirectLoop(url, reason: "the redirects lead in a circle")
        case .redirectLimitReached:
            return .redirectLoop(url, reason: "more than 5 redirects")
        case .invalidProxyResponse:
            // AsyncHTTPClient opens a CONNECT tunnel for http:// targets too; proxies that
            // tunnel only to port 443 refuse it.
            guard let proxy, let target = URL(string: url) else { return nil }
            let hostPort = "\(target.host ?? ""):\(target.port ?? (target.scheme == "https" ? 443 : 80))"
            return proxyFailed(
                url, proxy,
                "would not open a tunnel to \(hostPort) (the service may be down, or the proxy tunnels only to port 443); allow CONNECT to that port there, or add the host to no_proxy"
            )
        case .proxyAuthenticationRequired:
            guard let proxy else { return nil }
            return proxyFailed(url, proxy, "asks for credentials; put them in \(proxy.name) as http://user:password@host:port")
        case .httpProxyHandshakeTimeout:
            guard let proxy else { return nil }
            return proxyFailed(url, proxy, "did not answer in time")
        default:
            return nil
        }
    }

    /// Socket errors by `errno`. With a proxy, the socket is the proxy's.
    private static func map(errno code: Int32, url: String, timeout: Double, proxy: (name: String, value: String)?) -> HotelClientError? {
        switch code {
        case ECONNREFUSED:
            if let proxy { return proxyFailed(url, proxy, "refused the connection; check \(proxy.name), or add the host to no_proxy") }
            return .connectionRefused(url)
        case ECONNRESET: return .connectionReset(url)
        case EPIPE: return .connectionClosed(url)
        case ETIMEDOUT: return .timeout(url, seconds: timeout)
        case EHOSTUNREACH, ENETUNREACH: return .connectionFailed(url, reason: "no route to the host")
        default: return nil
        }
    }

    /// A name that does not resolve: the proxy's when there is one, else the service's.
    private static func unresolved(_ url: String, proxy: (name: String, value: String)?) -> HotelClientError {
        proxy.map { proxyFailed(url, $0, "does not resolve") } ?? .hostNotFound(url)
    }

    private static func proxyFailed(_ url: String, _ proxy: (name: String, value: String), _ what: String) -> HotelClientError {
        .proxyFailed(url, reason: "the proxy \(redacted(proxy.value)) (from \(proxy.name)) \(what)")
    }

    /// The proxy URL without its password: error messages end up in logs.
    static func redacted(_ value: String) -> String {
        guard var parts = URLComponents(string: value.contains("://") ? value : "http://" + value), parts.password != nil else {
            return value
        }
        parts.password = "***"
        return parts.string ?? value
    }

    /// BoringSSL reports every handshake failure as one error type with a list of
    /// library messages, so which one it was is told by experiment: a second handshake
    /// that does not check the certificate. If that one completes, the port speaks TLS
    /// and the certificate was the problem; if not, it does not speak TLS (as we do).
    /// Through a proxy the experiment cannot be made, and the failure stays general.
    private static func tlsFailure(url: String, timeout: Double, proxy: (name: String, value: String)?) async -> HotelClientError {
        guard proxy == nil, let target = URL(string: url), let host = target.host else {
            return .tlsFailed(url, reason: "the TLS handshake failed")
        }
        let probeTimeout = TimeAmount.milliseconds(Int64(min(timeout, 5) * 1000))
        if await TLSProbe.completesHandshake(host: host, port: target.port ?? 443, timeout: probeTimeout) {
            return .certificateUntrusted(url)
        }
        return .notTLS(url)
    }
}
