import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Downloads logo images through an on-disk cache that honours `Cache-Control: max-age`
/// and revalidates stale entries with `If-None-Match`, so scrolling back through a
/// result, or opening it again tomorrow, costs a 304 instead of a download.
///
/// If the service cannot be reached, a stale cached copy is used rather than failing.
///
/// ```swift
/// try await HotelSearchClient.with(config) { client in
///     let fetcher = client.logoFetcher(cacheDirectory: cacheRoot.appendingPathComponent("logos"))
///     let png = try await fetcher.fetch(URL(string: hotel.logoURL!)!)
/// }
/// ```
public struct LogoFetcher: Sendable {
    /// What happened on the wire, for tests, benchmarks and the status bar.
    public enum Outcome: Sendable, Equatable {
        /// Served from the disk cache without asking the service (still fresh).
        case fresh
        /// The service said 304: the cached copy is still good.
        case revalidated
        /// A full download (200).
        case downloaded
        /// The service was unreachable; a stale cached copy was used.
        case stale
    }

    let http: HTTPClient
    public let cache: LogoDiskCache?
    public var timeout: Double
    /// Images larger than this are refused (a logo is a few kilobytes).
    public var maxBytes: Int
    /// Called as each request goes out; tests and benchmarks count downloads with it.
    public var onRequest: (@Sendable (URL) -> Void)?
    /// The current time; tests move it forward to make cache entries stale.
    public var now: @Sendable () -> Date = { Date() }
    let logger: Logger

    /// The image bytes for `url`.
    public func fetch(_ url: URL) async throws -> [UInt8] {
        try await fetchWithOutcome(url).bytes
    }

    public func fetchWithOutcome(_ url: URL) async throws -> (bytes: [UInt8], outcome: Outcome) {
        let cached = cache?.entry(for: url)
        if let cached, cached.expires > now() {
            return (cached.bytes, .fresh)
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "hotels/1.0")
        if let etag = cached?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        onRequest?(url)
        do {
            let response = try await http.execute(request, timeout: .milliseconds(Int64(timeout * 1000)), logger: logger)
            let status = Int(response.status.code)
            if status == 304, let cached {
                _ = try? await response.body.collect(upTo: 64 * 1024)
                cache?.refresh(url, expires: expiry(of: response.headers))
                return (cached.bytes, .revalidated)
            }
            guard status == 200 else {
                _ = try? await response.body.collect(upTo: 64 * 1024)
                throw LogoLoadError("HTTP \(status) for \(url.lastPathComponent)")
            }
            let body = try await response.body.collect(upTo: maxBytes)
            let bytes = Array(body.readableBytesView)
            cache?.store(bytes, for: url, etag: response.headers.first(name: "ETag"), expires: expiry(of: response.headers))
            return (bytes, .downloaded)
        } catch is CancellationError {
            throw LogoLoadError.cancelled
        } catch let error as LogoLoadError {
            throw error
        } catch {
            if Task.isCancelled { throw LogoLoadError.cancelled }
            if let cached { return (cached.bytes, .stale) }
            if error is NIOTooManyBytesError {
                throw LogoLoadError("\(url.lastPathComponent) is larger than \(maxBytes) bytes")
            }
            throw LogoLoadError(
                "\(url.lastPathComponent): \(Self.reason(await TransportFailure.map(error, url: url.absoluteString, timeout: timeout), url: url))"
            )
        }
    }

    /// Short enough for a status bar, which also shows the row count and the endpoint.
    static func reason(_ error: any Error, url: URL) -> String {
        let place = "\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
        guard let error = error as? HotelClientError else { return "\(error)" }
        switch error.kind {
        case .network: return "cannot reach \(place)"
        case .timeout: return "no answer from \(place) in time"
        default: return "\(error)"
        }
    }

    /// `max-age` from `Cache-Control`; without one the entry is stale at once (but kept
    /// for revalidation).
    private func expiry(of headers: HTTPHeaders) -> Date {
        let control = headers[canonicalForm: "Cache-Control"].map { $0.lowercased() }
        if control.contains("no-store") || control.contains("no-cache") { return .distantPast }
        for directive in control where directive.hasPrefix("max-age=") {
            if let seconds = Double(directive.dropFirst("max-age=".count)) { return now().addingTimeInterval(seconds) }
        }
        return .distantPast
    }
}

extension HotelSearchClient {
    /// A logo fetcher sharing this client's connections. `cacheDirectory` nil: no disk cache.
    public func logoFetcher(cacheDirectory: URL?, maxBytes: Int = 4 << 20) -> LogoFetcher {
        LogoFetcher(
            http: http, cache: cacheDirectory.map(LogoDiskCache.init(directory:)),
            timeout: configuration.timeout, maxBytes: maxBytes, logger: logger)
    }
}
