import AsyncHTTPClient
import Foundation

/// Failures on the way through an HTTP proxy, told apart from failures of the service
/// itself: "is the service running?" is the wrong advice when it is the proxy that said no.
enum ProxyFailure {
    /// A one-line reason, or nil when `error` has nothing to do with a proxy.
    static func describe(_ error: any Error, url: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let target = URL(string: url), let (name, value) = ProxyEnvironment.setting(for: target, environment: environment) else {
            return nil
        }
        let via = "the proxy \(redacted(value)) (from \(name))"
        let hostPort = "\(target.host ?? ""):\(target.port ?? (target.scheme == "https" ? 443 : 80))"
        if let http = error as? HTTPClientError {
            if http == .invalidProxyResponse {
                // AsyncHTTPClient opens a CONNECT tunnel for http:// targets too; proxies that
                // tunnel only to port 443 refuse it.
                return "\(via) would not open a tunnel to \(hostPort) (the service may be down, or the proxy tunnels only to port 443); allow CONNECT to that port there, or add the host to no_proxy"
            }
            if http == .proxyAuthenticationRequired {
                return "\(via) asks for credentials; put them in \(name) as http://user:password@host:port"
            }
            if http == .httpProxyHandshakeTimeout {
                return "\(via) did not answer in time"
            }
        }
        if String(describing: error).contains("refused") {
            return "\(via) refused the connection; check \(name), or add the host to no_proxy"
        }
        return nil
    }

    /// The proxy URL without its password: error messages end up in logs.
    static func redacted(_ value: String) -> String {
        guard var parts = URLComponents(string: value.contains("://") ? value : "http://" + value), parts.password != nil else { return value }
        parts.password = "***"
        return parts.string ?? value
    }
}
