import AsyncHTTPClient
import Foundation
import HotelSOAP
import NIOCore
import NIOHTTP1

/// The HTTP exchange under every operation: the response cache, retries with backoff,
/// redirects a signed request may follow, and how a response was come by.
extension HotelSearchClient {
    /// How a response was come by, and what to do once it has been read whole.
    struct Transfer: Sendable {
        var status: Int
        var delivery: Delivery
        /// Stores the response in the cache: called only when the reader accepted it.
        var commit: (@Sendable () -> Void)?
    }

    /// Where a response came from.
    enum Delivery: Sendable {
        case network
        /// A cache entry still fresh (or `--offline`), `age` seconds old.
        case cached(age: Int, stale: Bool)
        /// A cache entry the service confirmed unchanged (304).
        case revalidated
        /// A stale entry, because the service could not answer (stale-if-error).
        case stale(age: Int, because: HotelClientError)

        /// What to tell the user, for the pages that did not come fresh from the service.
        var notice: String? {
            switch self {
            case .network, .revalidated, .cached(_, stale: false): return nil
            case .cached(let age, stale: true): return "offline: rows from a response cached \(Self.describe(age)) ago"
            // The age first: in a narrow status bar it is what must stay visible.
            case .stale(let age, let because): return "rows from a response cached \(Self.describe(age)) ago: \(because.description)"
            }
        }

        /// `45 s`, `12 min`, `3 h`, `2 days`: coarse, so the notices of neighbouring pages agree.
        static func describe(_ seconds: Int) -> String {
            switch seconds {
            case ..<60: return "\(seconds) s"
            case ..<3600: return "\(seconds / 60) min"
            case ..<172_800: return "\(seconds / 3600) h"
            default: return "\(seconds / 86_400) days"
            }
        }
    }

    /// The HTTP exchange with retries, through the response cache when there is one. SOAP
    /// responses (200, or a 500 fault) stream into `consume`; anything else becomes a
    /// `HotelClientError` describing what arrived.
    ///
    /// A fresh cache entry (or any entry, `--offline`) is the answer without a request; a
    /// stale one is revalidated with `If-None-Match` (304: the entry is the answer), and is
    /// the answer too when the service cannot be reached (stale-if-error).
    func transfer(_ soap: SOAPRequest, consume: (ByteBuffer) throws -> Void) async throws -> Transfer {
        var url = configuration.endpoint.absoluteString
        let cache = configuration.cache
        let principal = configuration.credentials.map(ResponseCache.Principal.user) ?? .anonymous
        let key = cache?.key(for: soap, endpoint: configuration.endpoint, dialect: dialect.name, principal: principal)
        let cached = key.flatMap { cache?.load($0) }
        /// The entry's body, read from disk in pieces: never whole in memory.
        func replay(_ entry: ResponseCache.Entry) throws {
            try entry.read { piece in try consume(ByteBuffer(bytes: piece)) }
        }
        if let cached, configuration.offline || cached.isFresh(at: Date()) {
            try replay(cached)
            return Transfer(status: 200, delivery: .cached(age: cached.age(at: Date()), stale: !cached.isFresh(at: Date())), commit: nil)
        }
        if configuration.offline { throw HotelClientError.notCached(url) }

        var redirects = 0
        func request() throws -> HTTPClientRequest {
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            for (name, value) in soap.headers { request.headers.add(name: name, value: value) }
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            request.headers.add(name: "User-Agent", value: "hotels/1.0")
            if let etag = cached?.etag { request.headers.add(name: "If-None-Match", value: etag) }
            // Signed anew for each attempt: a replayed nonce is refused by design.
            let body = try configuration.credentials.map { try soap.addingHeader($0.header()).body } ?? soap.body
            request.body = .bytes(ByteBuffer(bytes: body))
            return request
        }
        /// The stale entry stands in for an answer the service could not give.
        func staleIfError(_ error: HotelClientError) throws -> Transfer? {
            guard let cached, error.code.kind == .network || error.code.kind == .timeout || (error.status ?? 0) >= 500 else { return nil }
            try replay(cached)
            return Transfer(status: 200, delivery: .stale(age: cached.age(at: Date()), because: error), commit: nil)
        }

        var attempt = 0
        // Once any of the body has gone to `consume`, rows may be out: a retry would repeat them.
        var delivered = false
        while true {
            do {
                let response = try await http.execute(try request(), deadline: .now() + .hours(24), logger: logger)
                let status = Int(response.status.code)
                if configuration.credentials != nil, [301, 302, 307, 308].contains(status),
                    let location = response.headers.first(name: "Location")
                {
                    url = try Self.redirectTarget(from: url, location: location)
                    redirects += 1
                    guard redirects <= 5 else { throw HotelClientError.redirectLoop(url, reason: "more than 5 redirects") }
                    continue
                }
                if status == 304, let cached, let key, let cache {
                    // Unchanged: the entry is the answer, fresh again for as long as the service now says.
                    delivered = true
                    try replay(cached)
                    cache.refresh(
                        key, cached, storedAt: Date(), maxAge: Self.maxAge(response.headers) ?? cached.maxAge,
                        etag: response.headers.first(name: "ETag") ?? cached.etag)
                    return Transfer(status: 200, delivery: .revalidated, commit: nil)
                }
                let contentType = response.headers.first(name: "Content-Type")?.lowercased() ?? ""
                let isSOAP = contentType.contains("xml")
                if status == 200 || (status == 500 && isSOAP) || (status >= 400 && isSOAP && status != 503) {
                    // Only whole 200 answers are kept, and only what the service allows; the
                    // body goes to disk as it streams, never collected in memory.
                    let recording: ResponseCache.Recording? =
                        if status == 200, let key, let cache,
                            !(response.headers.first(name: "Cache-Control")?.contains("no-store") ?? false)
                        {
                            cache.record(
                                key, storedAt: Date(), maxAge: Self.maxAge(response.headers) ?? 0,
                                etag: response.headers.first(name: "ETag"),
                                expectedBytes: response.headers.first(name: "Content-Encoding") == nil
                                    ? response.headers.first(name: "Content-Length").flatMap(Int.init) : nil)
                        } else { nil }
                    var received = 0
                    let limit = configuration.maxResponseSize
                    func take(_ bytes: UnsafeRawBufferPointer) throws {
                        received += bytes.count
                        if received > limit { throw HotelClientError.responseTooLarge(url, limit: limit) }
                        delivered = true
                        recording?.append(bytes)
                        try consume(ByteBuffer(bytes: bytes))
                    }
                    let inflater = try Inflater.Encoding(header: response.headers.first(name: "Content-Encoding")).map(Inflater.init)
                    for try await chunk in response.body {
                        if let inflater {
                            try chunk.withUnsafeReadableBytes { try inflater.feed($0, take) }
                        } else {
                            received += chunk.readableBytes
                            if received > limit { throw HotelClientError.responseTooLarge(url, limit: limit) }
                            delivered = true
                            chunk.withUnsafeReadableBytes { recording?.append($0) }
                            try consume(chunk)
                        }
                    }
                    try inflater?.finish()
                    var commit: (@Sendable () -> Void)?
                    if let recording { commit = { recording.commit() } }
                    return Transfer(status: status, delivery: .network, commit: commit)
                }
                let body = try await response.body.collect(upTo: 64 * 1024)
                let error = HotelClientError.httpStatus(url, status: status, what: BodyPreview.describe(Array(body.readableBytesView)))
                if error.isRetryable, attempt < configuration.retries {
                    attempt += 1
                    try await backoff(attempt, because: "HTTP \(status)")
                    continue
                }
                if let stale = try staleIfError(error) { return stale }
                throw error
            } catch let failure as Inflater.Failure {
                throw SOAPParseError(.malformed, line: 0, reason: failure.reason).from(url)
            } catch {
                let mapped = await TransportFailure.map(
                    error, url: url, timeout: configuration.timeout, maxResponseSize: configuration.maxResponseSize)
                if delivered, var cut = mapped as? HotelClientError {
                    cut.cutOffMidResponse = true
                    throw cut
                }
                guard let clientError = mapped as? HotelClientError, clientError.isRetryable, attempt < configuration.retries else {
                    if let clientError = mapped as? HotelClientError, let stale = try staleIfError(clientError) { return stale }
                    throw mapped
                }
                attempt += 1
                try await backoff(attempt, because: clientError.description)
            }
        }
    }

    /// `max-age` of a `Cache-Control` header, 0 for `no-cache`; nil when it says neither.
    static func maxAge(_ headers: HTTPHeaders) -> Int? {
        guard let value = headers.first(name: "Cache-Control")?.lowercased() else { return nil }
        for directive in value.split(separator: ",") {
            let part = directive.trimmingCharacters(in: .whitespaces)
            if part == "no-cache" { return 0 }
            if part.hasPrefix("max-age="), let seconds = Int(part.dropFirst(8)), seconds >= 0 { return seconds }
        }
        return nil
    }

    /// Where a redirect from `url` to `location` leads, if a signed request may go there:
    /// the same host and port, and never from https down to http.
    static func redirectTarget(from url: String, location: String) throws -> String {
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

    func backoff(_ attempt: Int, because reason: String) async throws {
        // 0.25 s, 0.5 s, 1 s, … capped at 8 s, with jitter so retrying clients spread out.
        let base = min(8.0, 0.25 * pow(2.0, Double(attempt - 1)))
        let delay = base * Double.random(in: 0.8...1.2)
        logger.info("retrying", metadata: ["attempt": "\(attempt)", "after_s": "\(String(format: "%.2f", delay))", "reason": "\(reason)"])
        try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
    }
}
