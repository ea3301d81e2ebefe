import AsyncHTTPClient
import Foundation
import HotelSOAP
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// Talks to a HotelSearch service: builds the envelope, posts it, streams the response
/// body into the parser as it arrives.
///
/// The client owns its `HTTPClient` and shuts it down when the scope ends:
/// ```swift
/// try await HotelSearchClient.with(.init(endpoint: url)) { client in
///     let page = try await client.search(HotelQuery(city: "Seoul")) { hotel in print(hotel.name) }
///     print("\(page.totalCount) in all")
/// }
/// ```
/// Faults are thrown as `SOAPFault`, bad responses as `SOAPParseError`, transport
/// failures as `HotelClientError`.
public struct HotelSearchClient: Sendable {
    public struct Configuration: Sendable {
        public var endpoint: URL
        public var version: SOAPVersion
        /// Connect timeout, and the longest wait for the next bytes of a response.
        public var timeout: Double
        /// Extra attempts after a refused connection or an HTTP 503, with backoff.
        public var retries: Int
        /// Responses larger than this are abandoned; a compressed one is measured decompressed.
        public var maxResponseSize: Int
        /// The CAs an https endpoint's certificate must chain to.
        public var trustRoots: TrustRoots

        public init(endpoint: URL, version: SOAPVersion = .v11, timeout: Double = 30, retries: Int = 2, maxResponseSize: Int = 512 << 20,
                    trustRoots: TrustRoots = .system) {
            self.endpoint = endpoint
            self.version = version
            self.timeout = timeout
            self.retries = retries
            self.maxResponseSize = maxResponseSize
            self.trustRoots = trustRoots
        }
    }

    public let configuration: Configuration
    let http: HTTPClient
    let logger: Logger

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
        http.redirectConfiguration = .follow(configuration: .init(
            max: 5, allowCycles: false, retainHTTPMethodAndBodyOn301: true, retainHTTPMethodAndBodyOn302: true))
        // gzip/deflate bodies are inflated in the pipeline; the cap is on the inflated size,
        // so a small compressed bomb fails like any oversized response.
        http.decompression = .enabled(limit: .size(configuration.maxResponseSize))
        http.proxy = ProxyEnvironment.proxy(for: configuration.endpoint)
        http.tlsConfiguration = configuration.trustRoots.tlsConfiguration
        return http
    }

    // MARK: Operations

    /// One page: hotels go to `onHotel` as they are parsed; the returned page holds the
    /// counts (and no hotels).
    public func search(_ query: HotelQuery, onHotel: @escaping (HotelInfo) throws -> Void) async throws -> SearchPage {
        try await search(query, onHotel: onHotel, afterChunk: {})
    }

    /// One page, streamed; `afterChunk` runs each time the parser has consumed what arrived
    /// and before the next bytes are awaited: the moment to flush buffered output, so rows
    /// reach a pipe while the rest of the response is still in transit.
    public func search(_ query: HotelQuery, onHotel: @escaping (HotelInfo) throws -> Void, afterChunk: () throws -> Void) async throws -> SearchPage {
        let request = try SOAPRequestBuilder(version: configuration.version).searchHotels(query)
        let parser = SOAPMessageParser(onHotel: onHotel)
        return try await send(request, into: parser, afterChunk: afterChunk).searchPage(url: configuration.endpoint.absoluteString)
    }

    /// One page, collected.
    public func searchPage(_ query: HotelQuery) async throws -> SearchPage {
        let request = try SOAPRequestBuilder(version: configuration.version).searchHotels(query)
        return try await send(request, into: SOAPMessageParser()).searchPage(url: configuration.endpoint.absoluteString)
    }

    public func hotel(id: String) async throws -> HotelDetail {
        let request = try SOAPRequestBuilder(version: configuration.version).getHotel(id: id)
        switch try await send(request, into: SOAPMessageParser()).message {
        case .hotelDetail(let detail): return detail
        case .fault(let fault): throw fault
        case let other: throw SOAPParseError(.notSOAP, line: 0, reason: "expected a GetHotelResponse but got \(other.kindName)")
        }
    }

    /// Fetches a whole response body without parsing it: `--all` uses this to download
    /// the next page while the current one is still being written.
    public func prefetchSearch(_ query: HotelQuery) async throws -> PrefetchedResponse {
        let request = try SOAPRequestBuilder(version: configuration.version).searchHotels(query)
        let sink = ByteCollector()
        let status = try await transfer(request) { chunk in try sink.append(chunk) }
        return PrefetchedResponse(status: status, body: sink.bytes, url: configuration.endpoint.absoluteString)
    }

    // MARK: Transport

    /// Posts `request` and feeds the response body to `parser` chunk by chunk.
    func send(_ request: SOAPRequest, into parser: SOAPMessageParser, afterChunk: () throws -> Void = {}) async throws -> SOAPEnvelope {
        _ = try await transfer(request) { chunk in
            try chunk.withUnsafeReadableBytes { try parser.feed($0) }
            try afterChunk()
        }
        return try parser.finish()
    }

    /// The HTTP exchange with retries. SOAP responses (200, or a 500 fault) stream into
    /// `consume`; anything else becomes a `HotelClientError` describing what arrived.
    private func transfer(_ soap: SOAPRequest, consume: (ByteBuffer) throws -> Void) async throws -> Int {
        let url = configuration.endpoint.absoluteString
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in soap.headers { request.headers.add(name: name, value: value) }
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        request.headers.add(name: "User-Agent", value: "hotels/1.0")
        request.body = .bytes(ByteBuffer(bytes: soap.body))

        var attempt = 0
        while true {
            do {
                let response = try await http.execute(request, deadline: .now() + .hours(24), logger: logger)
                let status = Int(response.status.code)
                let contentType = response.headers.first(name: "Content-Type")?.lowercased() ?? ""
                let isSOAP = contentType.contains("xml")
                if status == 200 || (status == 500 && isSOAP) || (status >= 400 && isSOAP && status != 503) {
                    var received = 0
                    for try await chunk in response.body {
                        received += chunk.readableBytes
                        if received > configuration.maxResponseSize {
                            throw HotelClientError.responseTooLarge(url, limit: configuration.maxResponseSize)
                        }
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
                let mapped = Self.map(error, url: url, timeout: configuration.timeout, maxResponseSize: configuration.maxResponseSize)
                guard let clientError = mapped as? HotelClientError, clientError.isRetryable, attempt < configuration.retries else {
                    throw mapped
                }
                attempt += 1
                try await backoff(attempt, because: clientError.description)
            }
        }
    }

    private func backoff(_ attempt: Int, because reason: String) async throws {
        // 0.25 s, 0.5 s, 1 s, … capped at 8 s, with jitter so retrying clients spread out.
        let base = min(8.0, 0.25 * pow(2.0, Double(attempt - 1)))
        let delay = base * Double.random(in: 0.8...1.2)
        logger.info("retrying", metadata: ["attempt": "\(attempt)", "after_s": "\(String(format: "%.2f", delay))", "reason": "\(reason)"])
        try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
    }

    /// AsyncHTTPClient and NIO errors, in the terms a user acts on.
    static func map(_ error: any Error, url: String, timeout: Double, maxResponseSize: Int = 512 << 20) -> any Error {
        if error is SOAPFault || error is SOAPParseError || error is HotelClientError || error is CancellationError { return error }
        if let http = error as? HTTPClientError {
            if http == .readTimeout || http == .connectTimeout || http == .deadlineExceeded { return HotelClientError.timeout(url, seconds: timeout) }
            if http == .remoteConnectionClosed { return HotelClientError.connectionFailed(url, reason: "the service closed the connection before the response was complete") }
            if http == .redirectCycleDetected { return HotelClientError.redirectLoop(url, reason: "the redirects lead in a circle") }
            if http == .redirectLimitReached { return HotelClientError.redirectLoop(url, reason: "more than 5 redirects") }
        }
        if let decompression = error as? NIOHTTPDecompression.DecompressionError {
            if decompression == .limit { return HotelClientError.responseTooLarge(url, limit: maxResponseSize) }
            return SOAPParseError(.malformed, line: 0, reason: "the compressed response from \(url) is corrupt (\(decompression))")
        }
        if error is NIOHTTPDecompression.ExtraDecompressionError {
            return SOAPParseError(.truncated, line: 0, reason: "the compressed response from \(url) is cut off or has trailing data (\(error))")
        }
        if let tls = TLSFailure.describe(error, url: url) { return HotelClientError.tlsFailed(url, reason: tls) }
        if let proxy = ProxyFailure.describe(error, url: url) { return HotelClientError.proxyFailed(url, reason: proxy) }
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("Timeout") && !text.contains("refused") {
            return HotelClientError.timeout(url, seconds: timeout)
        }
        if text.contains("refused") || text.contains("ECONNREFUSED") { return HotelClientError.connectionFailed(url, reason: "connection refused") }
        if text.contains("resolve") || text.contains("NXDOMAIN") || text.contains("Name or service") {
            return HotelClientError.connectionFailed(url, reason: "the host name does not resolve")
        }
        if text.contains("reset") { return HotelClientError.connectionFailed(url, reason: "the connection was reset") }
        if error is IOError || error is ChannelError {
            return HotelClientError.connectionFailed(url, reason: text)
        }
        return error
    }
}

/// A whole response body fetched ahead of time; `parse` treats it like a streamed one.
public struct PrefetchedResponse: Sendable {
    public let status: Int
    public let body: [UInt8]
    let url: String

    /// Feeds the body to the parser in network-sized chunks.
    public func search(onHotel: @escaping (HotelInfo) throws -> Void) throws -> SearchPage {
        let parser = SOAPMessageParser(onHotel: onHotel)
        var offset = 0
        while offset < body.count {
            let end = min(body.count, offset + 64 * 1024)
            try parser.feed(body[offset..<end])
            offset = end
        }
        return try parser.finish().searchPage(url: url)
    }
}

final class ByteCollector {
    private(set) var bytes: [UInt8] = []
    func append(_ chunk: ByteBuffer) throws {
        bytes.append(contentsOf: chunk.readableBytesView)
    }
}

extension SOAPEnvelope {
    func searchPage(url: String) throws -> SearchPage {
        switch message {
        case .searchResults(let page): return page
        case .fault(let fault): throw fault
        case let other: throw SOAPParseError(.notSOAP, line: 0, reason: "expected a SearchHotelsResponse but got \(other.kindName)")
        }
    }
}
