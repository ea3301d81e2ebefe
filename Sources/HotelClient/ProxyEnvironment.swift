import AsyncHTTPClient
import Foundation

/// The `http_proxy` / `https_proxy` / `no_proxy` convention (lower or upper case), as curl
/// reads it. AsyncHTTPClient takes a proxy per client, and a client talks to one service,
/// so the decision is made once for the endpoint's host.
public enum ProxyEnvironment {
    public static func proxy(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> HTTPClient.Configuration.Proxy? {
        func get(_ name: String) -> String? {
            let value = environment[name.lowercased()] ?? environment[name.uppercased()]
            return value?.isEmpty == false ? value : nil
        }
        guard let host = url.host?.lowercased() else { return nil }
        if let noProxy = get("no_proxy"), bypasses(host: host, noProxy: noProxy) { return nil }
        let raw = url.scheme?.lowercased() == "https" ? get("https_proxy") : get("http_proxy")
        guard let raw else { return nil }
        let withScheme = raw.contains("://") ? raw : "http://" + raw
        guard let proxyURL = URL(string: withScheme), let proxyHost = proxyURL.host else { return nil }
        let port = proxyURL.port ?? (proxyURL.scheme == "https" ? 443 : 80)
        if let user = proxyURL.user {
            return .server(host: proxyHost, port: port, authorization: .basic(username: user, password: proxyURL.password ?? ""))
        }
        return .server(host: proxyHost, port: port)
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
