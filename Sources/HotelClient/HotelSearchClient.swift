import AsyncHTTPClient
import Foundation
import HotelSOAP
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// Talks to a hotel search service in any `SOAPDialect`: builds the envelope, posts it,
/// streams the response body into the dialect's reader as it arrives.
///
/// The client owns its `HTTPClient` and shuts it down when the scope ends:
/// ```swift
/// try await HotelSearchClient.with(.init(endpoint: url)) { client in
///     let page = try await client.searchPage(HotelQuery(city: "Seoul"), page: .first(size: 50)) { hotel in print(hotel.name) }
///     print("\(page.totalCount ?? page.count) in all")
/// }
/// ```
/// Faults are thrown as `SOAPFault`, bad responses as `SOAPParseError`, transport
/// failures as `HotelClientError`.
public struct HotelSearchClient: Sendable {
    public struct Configuration: Sendable {
        public var endpoint: URL
        public var version: SOAPVersion
        /// The vocabulary the service speaks; our own contract unless told otherwise.
        public var dialect: any SOAPDialect
        /// Connect timeout, and the longest wait for the next bytes of a response.
        public var timeout: Double
        /// Extra attempts after a refused connection or an HTTP 503, with backoff.
        public var retries: Int
        /// Responses larger than this are abandoned; a compressed one is measured decompressed.
        public var maxResponseSize: Int
        /// The CAs an https endpoint's certificate must chain to.
        public var trustRoots: TrustRoots
        /// Signs every request with a WS-Security UsernameToken (a fresh nonce per attempt).
        /// Redirects are then followed only within the same scheme, host and port (or from
        /// http to https on the same host), so the header never leaves for elsewhere.
        public var credentials: UsernameToken?
        /// Responses kept on disk between runs (nil: none kept, none used — `--no-cache`).
        public var cache: ResponseCache?
        /// Answer only from `cache`, never the network (`--offline`).
        public var offline = false

        public init(
            endpoint: URL, version: SOAPVersion = .v11, dialect: any SOAPDialect = HotelSearchDialect(), timeout: Double = 30,
            retries: Int = 2, maxResponseSize: Int = 512 << 20, trustRoots: TrustRoots = .system, credentials: UsernameToken? = nil
        ) {
            self.credentials = credentials
            self.endpoint = endpoint
            self.version = version
            self.dialect = dialect
            self.timeout = timeout
            self.retries = retries
            self.maxResponseSize = maxResponseSize
            self.trustRoots = trustRoots
        }
    }

    public let configuration: Configuration
    let http: HTTPClient
    let logger: Logger

    /// The dialect the service speaks.
    public var dialect: any SOAPDialect { configuration.dialect }

    /// Runs `body` with a client whose HTTP connections close when it returns.
    public static func with<Result>(
        _ configuration: Configuration, logger: Logger = Logger(label: "hotels.client"),
        _ body: (HotelSearchClient) async throws -> Result
    ) async throws -> Result {
        try await HTTPClient.withHTTPClient(configuration: httpConfiguration(for: configuration)) { http in
            try await body(HotelSearchClient(configuration: configuration, http: http, logger: logger))
        }
    }

    static func httpConfiguration(for configuration: Configuration) -> HTTPClient.Configuration {
        var http = HTTPClient.Configuration()
        let timeout = TimeAmount.milliseconds(Int64(configuration.timeout * 1000))
        http.timeout = .init(connect: timeout, read: timeout)
        // AsyncHTTPClient would otherwise retry a refused connection silently until the connect
        // timeout (30 s by default) before failing; `retries` is our policy, with its backoff.
        http.connectionPool.retryConnectionEstablishment = false
        // 307/308 keep the method and body by definition. For 301/302 AsyncHTTPClient would
        // turn the POST into a bodiless GET (the fetch spec's browser behaviour), which no
        // SOAP endpoint can answer; RFC 9110 allows keeping the POST, so we do. 303 means
        // "GET the answer elsewhere" and is left as a GET.
        http.redirectConfiguration = .follow(
            configuration: .init(
                max: 5, allowCycles: false, retainHTTPMethodAndBodyOn301: true, retainHTTPMethodAndBodyOn302: true))
        // AsyncHTTPClient would follow https → http and other hosts with the same body: with a
        // WS-Security header in it, `transfer` decides each hop itself.
        if configuration.credentials != nil { http.redirectConfiguration = .disallow }
        // gzip/deflate bodies are inflated in the pipeline; the cap is on the inflated size,
        // so a small compressed bomb fails like any oversized response.
        http.decompression = .enabled(limit: .size(configuration.maxResponseSize))
        http.proxy = ProxyEnvironment.proxy(for: configuration.endpoint)
        http.tlsConfiguration = configuration.trustRoots.tlsConfiguration
        return http
    }

    // MARK: Operations

    /// One page, streamed: hotels go to `onHotel` as they are parsed, and the returned
    /// page holds the counts and where the next page starts (and no hotels).
    ///
    /// `afterChunk` runs each time the reader has consumed what arrived and before the
    /// next bytes are awaited: the moment to flush buffered output, so rows reach a pipe
    /// while the rest of the response is still in transit.
    public func searchPage(
        _ query: HotelQuery, page: PageRequest, onHotel: @escaping (HotelInfo) throws -> Void, afterChunk: () throws -> Void = {}
    ) async throws -> ResultPage {
        let request = try dialect.searchRequest(query, page: page, version: configuration.version)
        return try await sendPage(request, into: dialect.responseReader(onHotel: onHotel), afterChunk: afterChunk)
    }

    /// One page, collected.
    public func searchPage(_ query: HotelQuery, page: PageRequest) async throws -> ResultPage {
        let request = try dialect.searchRequest(query, page: page, version: configuration.version)
        return try await sendPage(request, into: dialect.responseReader(onHotel: nil))
    }

    /// One hotel's details.
    public func hotel(id: String) async throws -> HotelDetail {
        let request = try dialect.detailRequest(hotelID: id, version: configuration.version)
        return try await send(request, into: dialect.responseReader(onHotel: nil)).detail()
    }

    /// Fetches a whole search response without reading it: `--all` downloads the next
    /// page this way while the current one is still being written.
    public func prefetchSearchPage(_ query: HotelQuery, page: PageRequest) async throws -> PrefetchedResponse {
        let request = try dialect.searchRequest(query, page: page, version: configuration.version)
        let sink = ByteCollector()
        let transfer = try await transfer(request) { chunk in sink.append(chunk) }
        return PrefetchedResponse(
            chunks: sink.chunks, dialect: dialect, source: configuration.endpoint.absoluteString, transfer: transfer)
    }

    // MARK: Transport

    /// Posts `request` and feeds the response body to `reader` chunk by chunk; the response
    /// goes into the cache only once the reader has read it whole.
    func send(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void = {}) async throws -> HotelResponse
    {
        try await sendReporting(request, into: reader, afterChunk: afterChunk).response
    }

    /// `send` for a page, with a notice when the page came from a stale cache entry.
    func sendPage(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void = {}) async throws
        -> ResultPage
    {
        let (response, transfer) = try await sendReporting(request, into: reader, afterChunk: afterChunk)
        var page = try response.page()
        if let notice = transfer.delivery.notice { page.notices.append(notice) }
        return page
    }

    private func sendReporting(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void) async throws
        -> (response: HotelResponse, transfer: Transfer)
    {
        let transfer = try await transfer(request) { chunk in
            try chunk.withUnsafeReadableBytes { try reader.feed($0) }
            try afterChunk()
        }
        do {
            let response = try reader.finish()
            transfer.commit?()
            return (response, transfer)
        } catch let error as SOAPParseError {
            throw error.from(configuration.endpoint.absoluteString)
        }
    }

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
            case .stale(let age, let because): return "\(because.description); rows from a response cached \(Self.describe(age)) ago"
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
    private func transfer(_ soap: SOAPRequest, consume: (ByteBuffer) throws -> Void) async throws -> Transfer {
        var url = configuration.endpoint.absoluteString
        let cache = configuration.cache
        let key = cache?.key(for: soap, endpoint: configuration.endpoint, dialect: dialect.name)
        let cached = key.flatMap { cache?.load($0) }
        if let cached, configuration.offline || cached.isFresh(at: Date()) {
            try consume(ByteBuffer(bytes: cached.body))
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
            try consume(ByteBuffer(bytes: cached.body))
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
                    let refreshed = ResponseCache.Entry(
                        storedAt: Date(), maxAge: Self.maxAge(response.headers) ?? cached.maxAge,
                        etag: response.headers.first(name: "ETag") ?? cached.etag, body: cached.body)
                    cache.store(key, refreshed)
                    delivered = true
                    try consume(ByteBuffer(bytes: cached.body))
                    return Transfer(status: 200, delivery: .revalidated, commit: nil)
                }
                let contentType = response.headers.first(name: "Content-Type")?.lowercased() ?? ""
                let isSOAP = contentType.contains("xml")
                if status == 200 || (status == 500 && isSOAP) || (status >= 400 && isSOAP && status != 503) {
                    // Only whole 200 answers are kept, and only what the service allows.
                    let keeping =
                        status == 200 && key != nil && !(response.headers.first(name: "Cache-Control")?.contains("no-store") ?? false)
                    var kept: [UInt8] = []
                    var received = 0
                    for try await chunk in response.body {
                        received += chunk.readableBytes
                        if received > configuration.maxResponseSize {
                            throw HotelClientError.responseTooLarge(url, limit: configuration.maxResponseSize)
                        }
                        delivered = true
                        if keeping { kept.append(contentsOf: chunk.readableBytesView) }
                        try consume(chunk)
                    }
                    var commit: (@Sendable () -> Void)?
                    if keeping, let key, let cache {
                        let entry = ResponseCache.Entry(
                            storedAt: Date(), maxAge: Self.maxAge(response.headers) ?? 0, etag: response.headers.first(name: "ETag"),
                            body: kept)
                        commit = { cache.store(key, entry) }
                    }
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

/// A whole search response fetched ahead of time; `read` treats it like a streamed one.
public struct PrefetchedResponse: Sendable {
    /// The body as it arrived, chunk by chunk: kept as NIO gave it, never copied into one
    /// array (that copy and its regrowth were a sixth of `search --all`).
    let chunks: [ByteBuffer]
    let dialect: any SOAPDialect
    /// The URL it came from, for errors.
    let source: String
    /// How it was come by; its `commit` stores it once read.
    let transfer: HotelSearchClient.Transfer

    /// The whole body.
    public var body: [UInt8] { chunks.flatMap { $0.readableBytesView } }

    /// Feeds the body to the dialect's reader in pieces of at least 64 KiB: large chunks as
    /// they are, small ones gathered first (each feed costs a switch to the parser's stack).
    public func read(onHotel: @escaping (HotelInfo) throws -> Void) throws -> ResultPage {
        let reader = dialect.responseReader(onHotel: onHotel)
        let piece = 64 * 1024
        do {
            var gathered: [UInt8] = []
            for chunk in chunks {
                if gathered.isEmpty && chunk.readableBytes >= piece {
                    try chunk.withUnsafeReadableBytes { try reader.feed($0) }
                    continue
                }
                gathered.append(contentsOf: chunk.readableBytesView)
                if gathered.count >= piece {
                    try gathered.withUnsafeBytes { try reader.feed($0) }
                    gathered.removeAll(keepingCapacity: true)
                }
            }
            if !gathered.isEmpty { try gathered.withUnsafeBytes { try reader.feed($0) } }
            var page = try reader.finish().page()
            transfer.commit?()
            if let notice = transfer.delivery.notice { page.notices.append(notice) }
            return page
        } catch let error as SOAPParseError {
            throw error.from(source)
        }
    }
}

final class ByteCollector {
    private(set) var chunks: [ByteBuffer] = []
    func append(_ chunk: ByteBuffer) { chunks.append(chunk) }
}
