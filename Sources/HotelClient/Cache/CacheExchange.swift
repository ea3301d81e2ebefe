import Foundation
import HotelSOAP
import NIOCore
import NIOHTTP1

/// The response cache's part in one exchange: what it can answer without the service, the
/// validator to send, what a 304 or a failure of the service means, and where a 200 body is
/// recorded. With no cache (`--no-cache`) every step is a no-op.
///
/// ```swift
/// let cached = CacheExchange(cache: cache, request: soap, endpoint: url, dialect: "HotelSearch", principal: .anonymous)
/// if let transfer = try cached.answerWithoutAsking(offline: false, consume) { return transfer }
/// ```
struct CacheExchange: Sendable {
    let cache: ResponseCache?
    let key: String?
    /// The entry stored for this request, fresh or not.
    let entry: ResponseCache.Entry?

    init(cache: ResponseCache?, request: SOAPRequest, endpoint: URL, dialect: String, principal: ResponseCache.Principal) {
        self.cache = cache
        key = cache?.key(for: request, endpoint: endpoint, dialect: dialect, principal: principal)
        entry = key.flatMap { cache?.load($0) }
    }

    /// `If-None-Match` for a stale entry.
    var validator: String? { entry?.etag }

    /// The answer when no request need be sent: a fresh entry, or any entry when offline.
    /// Throws `notCached` offline without one.
    func answerWithoutAsking(offline: Bool, url: String, _ consume: (ByteBuffer) throws -> Void) throws
        -> HotelSearchClient.Transfer?
    {
        let now = Date()
        if let entry, offline || entry.isFresh(at: now) {
            try Self.replay(entry, consume)
            return .init(status: 200, delivery: .cached(age: entry.age(at: now), stale: !entry.isFresh(at: now)), commit: nil)
        }
        if offline { throw HotelClientError.notCached(url) }
        return nil
    }

    /// A 304: the entry is the answer, fresh again for as long as the service now says.
    func notModified(_ headers: HTTPHeaders, _ consume: (ByteBuffer) throws -> Void) throws -> HotelSearchClient.Transfer? {
        guard let entry, let key, let cache else { return nil }
        try Self.replay(entry, consume)
        cache.refresh(
            key, entry, storedAt: Date(), maxAge: CacheControl.maxAge(headers) ?? entry.maxAge,
            etag: headers.first(name: "ETag") ?? entry.etag)
        return .init(status: 200, delivery: .revalidated, commit: nil)
    }

    /// Where a 200 body goes as it streams; nil when it is not to be kept (no cache, another
    /// status, `no-store`, or a declared length past the entry limit).
    func record(status: Int, _ headers: HTTPHeaders) -> ResponseCache.Recording? {
        guard status == 200, let key, let cache, !(headers.first(name: "Cache-Control")?.contains("no-store") ?? false) else {
            return nil
        }
        // A compressed body's declared length says nothing of what it inflates to.
        let declared = headers.first(name: "Content-Encoding") == nil ? headers.first(name: "Content-Length").flatMap(Int.init) : nil
        return cache.record(
            key, storedAt: Date(), maxAge: CacheControl.maxAge(headers) ?? 0, etag: headers.first(name: "ETag"), expectedBytes: declared)
    }

    /// The stale entry standing in for an answer the service could not give (it could not be
    /// reached, timed out, or failed with a 5xx); nil for any other failure.
    func staleIfError(_ error: HotelClientError, _ consume: (ByteBuffer) throws -> Void) throws -> HotelSearchClient.Transfer? {
        guard let entry, error.code.kind == .network || error.code.kind == .timeout || (error.status ?? 0) >= 500 else { return nil }
        try Self.replay(entry, consume)
        return .init(status: 200, delivery: .stale(age: entry.age(at: Date()), because: error), commit: nil)
    }

    /// The entry's body, read from disk in pieces: never whole in memory.
    private static func replay(_ entry: ResponseCache.Entry, _ consume: (ByteBuffer) throws -> Void) throws {
        try entry.read { piece in try consume(ByteBuffer(bytes: piece)) }
    }
}

/// `Cache-Control` as the client reads it.
enum CacheControl {
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
}
