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
    /// It is the composition of four steps, each readable and tested on its own:
    /// ``CacheExchange`` (a fresh entry answers without a request; a stale one is revalidated
    /// with `If-None-Match`, and stands in when the service cannot answer), signing
    /// (``signedRequest(_:to:validator:)``, a fresh nonce per attempt) with
    /// ``RedirectPolicy``, ``RetryPolicy``, and error mapping (``TransportFailure``), with
    /// ``ResponseBodyReader`` carrying the body to the reader.
    func transfer(_ soap: SOAPRequest, consume: (ByteBuffer) throws -> Void) async throws -> Transfer {
        let cached = CacheExchange(
            cache: configuration.cache, request: soap, endpoint: configuration.endpoint, dialect: dialect.name,
            principal: (configuration.credentials ?? configuration.basicAuth).map(ResponseCache.Principal.user) ?? .anonymous)
        var redirects = RedirectPolicy(signed: configuration.sendsCredentials, url: configuration.endpoint.absoluteString)
        if let answer = try cached.answerWithoutAsking(offline: configuration.offline, url: redirects.url, consume) { return answer }
        var retry = RetryPolicy(retries: configuration.retries)
        while true {
            var body = ResponseBodyReader(url: redirects.url, limit: configuration.maxResponseSize, recording: nil)
            let failure: any Error
            do {
                let response = try await http.execute(
                    try signedRequest(soap, to: redirects.url, validator: cached.validator), deadline: .now() + .hours(24), logger: logger)
                let status = Int(response.status.code)
                if try redirects.follow(status: status, location: response.headers.first(name: "Location")) != nil { continue }
                if status == 304, let answer = try cached.notModified(response.headers, consume) { return answer }
                if Self.isSOAPAnswer(status: status, contentType: response.headers.first(name: "Content-Type")) {
                    body = ResponseBodyReader(
                        url: redirects.url, limit: configuration.maxResponseSize, recording: cached.record(status: status, response.headers)
                    )
                    try await body.read(response.body, contentEncoding: response.headers.first(name: "Content-Encoding"), into: consume)
                    var commit: (@Sendable () -> Void)?
                    if let recording = body.recording { commit = { recording.commit() } }
                    return Transfer(status: status, delivery: .network, commit: commit)
                }
                let preview = try await response.body.collect(upTo: 64 * 1024)
                failure = HotelClientError.httpStatus(
                    redirects.url, status: status, what: BodyPreview.describe(Array(preview.readableBytesView)))
            } catch let inflating as Inflater.Failure {
                throw SOAPParseError(.malformed, line: 0, reason: inflating.reason).from(redirects.url)
            } catch {
                failure = await TransportFailure.map(
                    error, url: redirects.url, timeout: configuration.timeout, maxResponseSize: configuration.maxResponseSize)
            }
            // Once any of the body has gone to `consume`, rows may be out: no retry, no
            // stand-in, and the error says the answer was cut off.
            if body.delivered, var cut = failure as? HotelClientError {
                cut.cutOffMidResponse = true
                throw cut
            }
            if let delay = retry.delay(after: failure, delivered: body.delivered) {
                logRetry(retry.attempt, after: delay, because: "\(failure)")
                try await Task.sleep(for: delay)
                continue
            }
            if let clientError = failure as? HotelClientError, let stale = try cached.staleIfError(clientError, consume) { return stale }
            throw failure
        }
    }

    /// The request for one attempt, signed anew each time (a replayed nonce is refused by design).
    func signedRequest(_ soap: SOAPRequest, to url: String, validator: String?) throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in soap.headers { request.headers.add(name: name, value: value) }
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        request.headers.add(name: "User-Agent", value: "hotels/1.0")
        if let validator { request.headers.add(name: "If-None-Match", value: validator) }
        if let basic = configuration.basicAuth {
            let pair = Data("\(basic.username):\(basic.password)".utf8).base64EncodedString()
            request.headers.add(name: "Authorization", value: "Basic \(pair)")
        }
        let body = try configuration.credentials.map { try soap.addingHeader($0.header()).body } ?? soap.body
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    /// Whether a response's body is a SOAP answer for the reader (a page, or a fault the
    /// reader turns into `SOAPFault`): a 200, or an XML body with an error status other than 503.
    static func isSOAPAnswer(status: Int, contentType: String?) -> Bool {
        let isXML = contentType?.lowercased().contains("xml") ?? false
        return status == 200 || (status >= 400 && isXML && status != 503)
    }

    func logRetry(_ attempt: Int, after delay: Duration, because reason: String) {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        logger.info(
            "retrying", metadata: ["attempt": "\(attempt)", "after_s": "\(String(format: "%.2f", seconds))", "reason": "\(reason)"])
    }

    /// Waits before the `attempt`th retry of something other than one exchange (the walk asks
    /// for a page again), as ``RetryPolicy`` spaces exchanges.
    func backoff(_ attempt: Int, because reason: String) async throws {
        let delay = RetryPolicy.delay(attempt: attempt, jitter: Double.random(in: 0.8...1.2))
        logRetry(attempt, after: delay, because: reason)
        try await Task.sleep(for: delay)
    }
}
