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
        /// HTTP Basic instead (a dialect file's `auth: basic`): `username:password` in an
        /// `Authorization` header on every request; `type` is not used. Redirects and the
        /// response cache treat it as `credentials`: same host only, entries keyed to the user.
        public var basicAuth: UsernameToken?
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

        /// Whether requests carry a password in any form (WS-Security or HTTP Basic).
        var sendsCredentials: Bool { credentials != nil || basicAuth != nil }
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
        if configuration.sendsCredentials { http.redirectConfiguration = .disallow }
        // gzip/deflate bodies are inflated by `transfer` (``Inflater``) in 64 KiB pieces: the
        // pipeline's decompressor inflates each network read whole, so a bomb's first read
        // alone took tens of megabytes. The cap is on the inflated size.
        http.decompression = .disabled
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
        let body = SpilledBody()
        let exchange = try await transfer(request) { chunk in try body.append(chunk) }
        return PrefetchedResponse(body: body, dialect: dialect, source: source, transfer: exchange)
    }

    // MARK: Transport

    /// Posts `request` and feeds the response body to `reader` chunk by chunk; the response
    /// goes into the cache only once the reader has read it whole.
    func send(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void = {}) async throws -> HotelResponse
    {
        try await stream(request, into: reader, afterChunk: afterChunk).response(readBy: reader, source: source)
    }

    /// `send` for a page, with a notice when the page came from a stale cache entry.
    func sendPage(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void = {}) async throws
        -> ResultPage
    {
        try await stream(request, into: reader, afterChunk: afterChunk).page(readBy: reader, source: source)
    }

    /// The endpoint, as errors name it.
    private var source: String { configuration.endpoint.absoluteString }

    private func stream(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void) async throws -> Transfer
    {
        try await transfer(request) { chunk in
            try chunk.withUnsafeReadableBytes { try reader.feed($0) }
            try afterChunk()
        }
    }
}

/// A whole search response fetched ahead of time; `read` treats it like a streamed one.
public struct PrefetchedResponse: Sendable {
    /// The body as it arrived: its first megabyte in memory as NIO gave it (never copied into
    /// one array: that copy and its regrowth were a sixth of `search --all`), the rest on disk.
    let body: SpilledBody
    let dialect: any SOAPDialect
    /// The URL it came from, for errors.
    let source: String
    /// How it was come by; its `commit` stores it once read.
    let transfer: HotelSearchClient.Transfer

    /// Feeds the body to the dialect's reader in pieces of at least 64 KiB: large chunks as
    /// they are, small ones gathered first (each feed costs a switch to the parser's stack).
    public func read(onHotel: @escaping (HotelInfo) throws -> Void) throws -> ResultPage {
        let reader = dialect.responseReader(onHotel: onHotel)
        let piece = 64 * 1024
        return try transfer.page(readBy: reader, source: source) {
            var gathered: [UInt8] = []
            try body.read { chunk in
                if gathered.isEmpty && chunk.count >= piece {
                    try reader.feed(chunk)
                    return
                }
                gathered.append(contentsOf: chunk)
                if gathered.count >= piece {
                    try gathered.withUnsafeBytes { try reader.feed($0) }
                    gathered.removeAll(keepingCapacity: true)
                }
            }
            if !gathered.isEmpty { try gathered.withUnsafeBytes { try reader.feed($0) } }
        }
    }
}
