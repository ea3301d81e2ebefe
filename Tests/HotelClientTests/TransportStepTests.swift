import Foundation
import HotelSOAP
import NIOCore
import NIOHTTP1
import Testing

@testable import HotelClient

/// The steps `HotelSearchClient.transfer` is composed of, each alone: retries, redirects of a
/// signed request, the cache's part, and which answers go to the reader.
@Suite("Transport steps")
struct TransportStepTests {
    @Test("retries: only retryable failures, only before the body, at most `retries` times, 0.25 s doubling to 8 s with ±20 % jitter")
    func retryPolicy() {
        var retry = RetryPolicy(retries: 2)
        let refused = HotelClientError.connectionRefused("http://h/soap")
        #expect(retry.delay(after: refused, delivered: true) == nil, "a retry after rows went out would repeat them")
        #expect(retry.delay(after: HotelClientError.hostNotFound("http://h/soap"), delivered: false) == nil)
        #expect(retry.delay(after: SOAPParseError(.malformed, line: 1, reason: "x"), delivered: false) == nil)
        let first = retry.delay(after: refused, delivered: false)
        let second = retry.delay(after: refused, delivered: false)
        #expect(first != nil && second != nil && retry.attempt == 2)
        #expect(retry.delay(after: refused, delivered: false) == nil, "a third retry of two allowed")
        #expect(RetryPolicy.delay(attempt: 1, jitter: 1) == .milliseconds(250))
        #expect(RetryPolicy.delay(attempt: 3, jitter: 1) == .milliseconds(1000))
        #expect(RetryPolicy.delay(attempt: 12, jitter: 1) == .milliseconds(8000))
        #expect(RetryPolicy.delay(attempt: 2, jitter: 0.8) == .milliseconds(400))
        #expect((first! >= .milliseconds(200)) && (first! <= .milliseconds(300)))
    }

    @Test("redirects of a signed request: same host and port, or up to https; never down to http, elsewhere, or past 5 hops")
    func redirectPolicy() throws {
        var unsigned = RedirectPolicy(signed: false, url: "http://h/soap")
        #expect(try unsigned.follow(status: 307, location: "http://elsewhere/soap") == nil, "left to AsyncHTTPClient")

        var signed = RedirectPolicy(signed: true, url: "http://h:8080/soap")
        #expect(try signed.follow(status: 200, location: "/v2") == nil)
        #expect(try signed.follow(status: 307, location: "/v2/soap") == "http://h:8080/v2/soap")
        #expect(try signed.follow(status: 308, location: "https://h/soap") == "https://h/soap")
        #expect(throws: HotelClientError.self) { try signed.follow(status: 301, location: "http://h/soap") }
        #expect(throws: HotelClientError.self) { try RedirectPolicy.target(from: "http://h/soap", location: "http://other/soap") }
        #expect(throws: HotelClientError.self) { try RedirectPolicy.target(from: "http://h/soap", location: "http://h:81/soap") }
        #expect(throws: HotelClientError.self) { try RedirectPolicy.target(from: "http://h/soap", location: "ftp://h/soap") }

        var looping = RedirectPolicy(signed: true, url: "http://h/a")
        for _ in 0..<RedirectPolicy.maxHops { _ = try looping.follow(status: 307, location: "/a") }
        #expect(throws: HotelClientError.self) { try looping.follow(status: 307, location: "/a") }
    }

    @Test("which answers go to the reader: 200, and XML error bodies but 503's")
    func soapAnswers() {
        #expect(HotelSearchClient.isSOAPAnswer(status: 200, contentType: nil))
        #expect(HotelSearchClient.isSOAPAnswer(status: 500, contentType: "text/xml; charset=utf-8"))
        #expect(HotelSearchClient.isSOAPAnswer(status: 400, contentType: "application/soap+xml"))
        #expect(!HotelSearchClient.isSOAPAnswer(status: 500, contentType: "text/html"))
        #expect(!HotelSearchClient.isSOAPAnswer(status: 503, contentType: "text/xml"))
        #expect(!HotelSearchClient.isSOAPAnswer(status: 302, contentType: "text/xml"))
    }

    @Test(
        "the cache's part: fresh answers without asking, stale sends its ETag, 304 refreshes, stale-if-error only for the service's failures"
    )
    func cacheExchange() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exchange-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ResponseCache(directory: directory)
        let request = SOAPRequest(version: .v11, action: "A", body: Array("<q/>".utf8))
        let endpoint = URL(string: "http://h/soap")!
        func exchange(_ principal: ResponseCache.Principal = .anonymous) -> CacheExchange {
            CacheExchange(cache: cache, request: request, endpoint: endpoint, dialect: "d", principal: principal)
        }
        var fed: [UInt8] = []
        let consume = { (chunk: ByteBuffer) in fed.append(contentsOf: chunk.readableBytesView) }

        #expect(try exchange().answerWithoutAsking(offline: false, url: "u", consume) == nil, "nothing stored yet")
        #expect(throws: HotelClientError.self) { try exchange().answerWithoutAsking(offline: true, url: "u", consume) }

        var headers = HTTPHeaders([("Cache-Control", "max-age=0"), ("ETag", "\"v1\"")])
        let recording = try #require(exchange().record(status: 200, headers))
        Array("<answer/>".utf8).withUnsafeBytes { recording.append($0) }
        recording.commit()
        #expect(exchange().record(status: 500, headers) == nil, "only 200s are kept")
        #expect(exchange().record(status: 200, HTTPHeaders([("Cache-Control", "no-store")])) == nil)

        let stale = exchange()
        #expect(stale.validator == "\"v1\"")
        #expect(try stale.answerWithoutAsking(offline: false, url: "u", consume) == nil, "max-age=0: ask the service")
        let user = exchange(.user(UsernameToken(username: "alice", password: "pw")))
        #expect(user.entry == nil && user.validator == nil, "an anonymous entry answered a user")

        headers = HTTPHeaders([("Cache-Control", "max-age=600"), ("ETag", "\"v2\"")])
        let revalidated = try #require(try stale.notModified(headers, consume))
        #expect(revalidated.delivery.notice == nil && fed == Array("<answer/>".utf8))
        fed = []
        let fresh = try #require(try exchange().answerWithoutAsking(offline: false, url: "u", consume))
        #expect(fed == Array("<answer/>".utf8) && exchange().validator == "\"v2\"")
        if case .cached(_, let isStale) = fresh.delivery { #expect(!isStale) } else { Issue.record("\(fresh.delivery)") }

        fed = []
        #expect(try exchange().staleIfError(.connectionRefused("u"), consume) != nil && !fed.isEmpty)
        #expect(try exchange().staleIfError(.httpStatus("u", status: 404, what: "nothing"), consume) == nil)
    }
}

extension HotelSearchClient.Transfer: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.status == b.status && "\(a.delivery)" == "\(b.delivery)" }
}
