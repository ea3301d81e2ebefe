import Foundation

/// Which redirects a request may follow on its own, decided hop by hop.
///
/// An unsigned request is left to AsyncHTTPClient's redirect handling (the POST kept on
/// 301/302, at most 5 hops). A request that carries a WS-Security header follows a redirect
/// only to the same host and port, or from http to https on the same host: one to plain http
/// or elsewhere would hand the header to someone else, so it is refused, nothing sent there.
///
/// ```swift
/// var redirects = RedirectPolicy(signed: true, url: "http://h/soap")
/// if let next = try redirects.follow(status: 307, location: "/v2/soap") { … }   // "http://h/v2/soap"
/// ```
struct RedirectPolicy: Sendable {
    /// Whether requests carry credentials: only then does this policy follow hops itself.
    let signed: Bool
    /// Where the next request goes.
    private(set) var url: String
    private(set) var hops = 0
    static let maxHops = 5

    init(signed: Bool, url: String) {
        self.signed = signed
        self.url = url
    }

    /// The URL to ask next when the answer is a redirect this policy follows; nil when the
    /// answer is to be read as it is.
    mutating func follow(status: Int, location: String?) throws -> String? {
        guard signed, [301, 302, 307, 308].contains(status), let location else { return nil }
        url = try Self.target(from: url, location: location)
        hops += 1
        guard hops <= Self.maxHops else { throw HotelClientError.redirectLoop(url, reason: "more than \(Self.maxHops) redirects") }
        return url
    }

    /// Where a redirect from `url` to `location` leads, if a signed request may go there:
    /// the same host and port, and never from https down to http.
    static func target(from url: String, location: String) throws -> String {
        guard let from = URL(string: url), let to = URL(string: location, relativeTo: from)?.absoluteURL,
            let scheme = to.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else {
            throw HotelClientError.redirectRefused(url, to: location, reason: "it is not an http(s) URL")
        }
        let fromScheme = from.scheme?.lowercased() ?? ""
        func port(_ u: URL, _ scheme: String) -> Int { u.port ?? (scheme == "https" ? 443 : 80) }
        if fromScheme == "https" && scheme == "http" {
            throw HotelClientError.redirectRefused(
                url, to: to.absoluteString, reason: "it would send the WS-Security header over plain http")
        }
        // http → https on the same host is the one change of port allowed (80 → 443 or as given).
        let upgrade = fromScheme == "http" && scheme == "https"
        guard from.host?.lowercased() == to.host?.lowercased(), upgrade || port(from, fromScheme) == port(to, scheme) else {
            throw HotelClientError.redirectRefused(
                url, to: to.absoluteString, reason: "it would send the WS-Security header to another host or port")
        }
        return to.absoluteString
    }
}
