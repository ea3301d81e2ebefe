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
        return try await send(request, into: dialect.responseReader(onHotel: onHotel), afterChunk: afterChunk).page()
    }

    /// One page, collected.
    public func searchPage(_ query: HotelQuery, page: PageRequest) async throws -> ResultPage {
        let request = try dialect.searchRequest(query, page: page, version: configuration.version)
        return try await send(request, into: dialect.responseReader(onHotel: nil)).page()
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
        _ = try await transfer(request) { chunk in sink.append(chunk) }
        return PrefetchedResponse(chunks: sink.chunks, dialect: dialect, source: configuration.endpoint.absoluteString)
    }

    // MARK: Transport

    /// Posts `request` and feeds the response body to `reader` chunk by chunk.
    func send(_ request: SOAPRequest, into reader: any SOAPResponseReader, afterChunk: () throws -> Void = {}) async throws -> HotelResponse
    {
        _ = try await transfer(request) { chunk in
            try chunk.withUnsafeReadableBytes { try reader.feed($0) }
            try afterChunk()
        }
        do {
            return try reader.finish()
        } catch let error as SOAPParseError {
            throw error.from(configuration.endpoint.absoluteString)
        }
    }

    /// The HTTP exchange with retries. SOAP responses (200, or a 500 fault) stream into
    /// `consume`; anything else becomes a `HotelClientError` describing what arrived.
    private func transfer(_ soap: SOAPRequest, consume: (ByteBuffer) throws -> Void) async throws -> Int {
        var url = configuration.endpoint.absoluteString
        var redirects = 0
        func request() throws -> HTTPClientRequest {
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            for (name, value) in soap.headers { request.headers.add(name: name, value: value) }
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            request.headers.add(name: "User-Agent", value: "hotels/1.0")
            // Signed anew for each attempt: a replayed nonce is refused by design.
            let body = try configuration.credentials.map { try soap.addingHeader($0.header()).body } ?? soap.body
            request.body = .bytes(ByteBuffer(bytes: body))
            return request
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
                let contentType = response.headers.first(name: "Content-Type")?.lowercased() ?? ""
                let isSOAP = contentType.contains("xml")
                if status == 200 || (status == 500 && isSOAP) || (status >= 400 && isSOAP && status != 503) {
                    var received = 0
                    for try await chunk in response.body {
                        received += chunk.readableBytes
                        if received > configuration.maxResponseSize {
                            throw HotelClientError.responseTooLarge(url, limit: configuration.maxResponseSize)
                        }
                        delivered = true
                        try consume(chunk)
                    }
                    return status
                }
                let body = try await response.body.collect(upTo: 64 * 1024)
                let error = HotelClientError.httpStatus(url, status: status, what: BodyPreview.describe(Array(body.readableBytesView)))
                if error.isRetryable, attempt < configuration.retries {
                    attempt += 1
                    try await backoff(attempt, because: "HTTP \(status)")
                    continue
                }
                throw error
            } catch {
                let mapped = await TransportFailure.map(
                    error, url: url, timeout: configuration.timeout, maxResponseSize: configuration.maxResponseSize)
                if delivered, var cut = mapped as? HotelClientError {
                    cut.cutOffMidResponse = true
                    throw cut
                }
                guard let clientError = mapped as? HotelClientError, clientError.isRetryable, attempt < configuration.retries else {
                    throw mapped
                }
                attempt += 1
                try await backoff(attempt, because: clientError.description)
            }
        }
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
            return try reader.finish().page()
        } catch let error as SOAPParseError {
            throw error.from(source)
        }
    }
}

final class ByteCollector {
    private(set) var chunks: [ByteBuffer] = []
    func append(_ chunk: ByteBuffer) { chunks.append(chunk) }
}
