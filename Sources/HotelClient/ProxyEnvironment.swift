import AsyncHTTPClient
import Foundation

/// The `http_proxy` / `https_proxy` / `no_proxy` convention (lower or upper case), as curl
/// reads it. AsyncHTTPClient takes a proxy per client, and a client talks to one service,
/// so the decision is made once for the endpoint's host.
public enum ProxyEnvironment {
    public static func proxy(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> HTTPClient.Configuration
        .Proxy?
    {
        guard let raw = setting(for: url, environment: environment)?.value else { return nil }
        let withScheme = raw.contains("://") ? raw : "http://" + raw
        guard let proxyURL = URL(string: withScheme), let proxyHost = proxyURL.host else { return nil }
        let port = proxyURL.port ?? (proxyURL.scheme == "https" ? 443 : 80)
        if let user = proxyURL.user {
            return .server(host: proxyHost, port: port, authorization: .basic(username: user, password: proxyURL.password ?? ""))
        }
        return .server(host: proxyHost, port: port)
    }

    /// The variable that sends `url` through a proxy (`http_proxy` or `https_proxy`) and its
    /// value, or nil when no proxy applies (none set, or `no_proxy` names the host).
    public static func setting(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> (
        name: String, value: String
    )? {
        func get(_ name: String) -> String? {
            let value = environment[name.lowercased()] ?? environment[name.uppercased()]
            return value?.isEmpty == false ? value : nil
        }
        guard let host = url.host?.lowercased() else { return nil }
        if let noProxy = get("no_proxy"), bypasses(host: host, noProxy: noProxy) { return nil }
        let name = url.scheme?.lowercased() == "https" ? "https_proxy" : "http_proxy"
        return get(name).map { (name, $0) }
    }

    /// `no_proxy` entries: `*`, exact hosts, domain suffixes (`.example.com` or `example.com`).
    static func bypasses(host: String, noProxy: String) -> Bool {
        for entry in noProxy.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            if entry == "*" { return true }
            let name = entry.split(separator: ":").first.map(String.init) ?? entry
            let domain = name.hasPrefix(".") ? String(name.dropFirst()) : name
            if host == domain || host.hasSuffix("." + domain) { return true }
        }
        return false
    }
}
