import ChildProcess
import Foundation
import HotelSOAP
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `GET /metrics` of a real `hotels serve` (own process, seeded SQLite catalog, `--users`),
/// scraped before and after a known set of requests over real HTTP: each counter must move
/// by exactly what was sent.
@Suite("hotels serve: GET /metrics")
struct MetricsEndpointTests {
    static let password = "metrics-pw-7f3a91"

    static func scrape(_ server: LiveServer) async throws -> PrometheusText {
        let reply = try await CurlExchange.run(server.url + "/metrics")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true, "\(reply.headers)")
        return try PrometheusText(parsing: reply.body)
    }

    /// `request` with a PasswordText UsernameToken for agent7 in its header.
    static func signed(_ request: SOAPRequest, password: String) throws -> [UInt8] {
        let header = String(decoding: try UsernameToken(username: "agent7", password: password, type: .text).header(), as: UTF8.self)
        let text = String(decoding: request.body, as: UTF8.self)
        let signed = text.replacingOccurrences(of: "<soap:Body>", with: "<soap:Header>\(header)</soap:Header><soap:Body>")
        #expect(signed != text, "the builder's envelope has no <soap:Body>: \(text)")
        return Array(signed.utf8)
    }

    static func soap(_ server: LiveServer, _ request: SOAPRequest, body: [UInt8]) async throws -> CurlExchange {
        try await CurlExchange.run(
            server.endpoint, body: body, headers: ["Content-Type: text/xml; charset=utf-8", "SOAPAction: \"\(request.action ?? "")\""])
    }

    @Test("counters move by exactly the requests sent: by endpoint, operation and status, with latency, catalog, caches and WS-Security")
    func countsExactly() async throws {
        try await ServeUsersTests.withUsersFile("agent7:\(Self.password)\n") { users in
            let server = try await LiveServer.start(arguments: ["--users", users])
            defer { server.kill() }
            let before = try await Self.scrape(server)
            #expect(before.value("hotels_requests_in_flight") == 1, "the scrape itself is in flight")
            #expect(before.has("hotels_catalog_version"))
            #expect(before.value("hotels_catalog_change_seen_timestamp_seconds") > 1_700_000_000)

            let builder = SOAPRequestBuilder(version: .v11)
            let search = try builder.searchHotels(HotelQuery(city: "Seoul", limit: 5))
            let get = try builder.getHotel(id: "H0000001")
            for _ in 0..<2 {
                #expect(try await Self.soap(server, search, body: Self.signed(search, password: Self.password)).status == 200)
            }
            #expect(try await Self.soap(server, get, body: Self.signed(get, password: Self.password)).status == 200)
            #expect(try await Self.soap(server, search, body: Self.signed(search, password: "wrong")).status == 500)
            #expect(try await Self.soap(server, search, body: search.body).status == 500)
            for _ in 0..<3 { #expect(try await CurlExchange.run(server.url + "/health").status == 200) }
            for _ in 0..<2 { #expect(try await CurlExchange.run(server.url + "/wsdl").status == 200) }
            for _ in 0..<2 { #expect(try await CurlExchange.run(server.url + "/logos/H0000001.png", binary: true).status == 200) }
            #expect(try await CurlExchange.run(server.url + "/nowhere").status == 404)
            let after = try await Self.scrape(server)

            func moved(_ name: String, _ labels: [String: String] = [:]) -> Double {
                after.value(name, labels) - before.value(name, labels)
            }
            let requests = "hotels_requests_total"
            #expect(moved(requests, ["endpoint": "soap", "operation": "SearchHotels", "status": "200"]) == 2)
            #expect(moved(requests, ["endpoint": "soap", "operation": "GetHotel", "status": "200"]) == 1)
            // Refused before the operation is read: no operation, a fault's 500.
            #expect(moved(requests, ["endpoint": "soap", "operation": "none", "status": "500"]) == 2)
            #expect(moved(requests, ["endpoint": "health", "operation": "none", "status": "200"]) == 3)
            #expect(moved(requests, ["endpoint": "wsdl", "operation": "none", "status": "200"]) == 2)
            #expect(moved(requests, ["endpoint": "logos", "operation": "none", "status": "200"]) == 2)
            #expect(moved(requests, ["endpoint": "other", "operation": "none", "status": "404"]) == 1)
            // The first scrape is counted once it has ended; the second is not yet.
            #expect(moved(requests, ["endpoint": "metrics", "operation": "none", "status": "200"]) == 1)
            let total = after.samples.filter { $0.key.hasPrefix(requests + "{") }.values.reduce(0, +)
            let totalBefore = before.samples.filter { $0.key.hasPrefix(requests + "{") }.values.reduce(0, +)
            #expect(total - totalBefore == 14, "2 + 1 + 2 + 3 + 2 + 2 + 1 requests and one scrape")

            let latency = "hotels_request_duration_seconds"
            #expect(moved(latency + "_count", ["endpoint": "soap", "operation": "SearchHotels"]) == 2)
            #expect(moved(latency + "_count", ["endpoint": "health", "operation": "none"]) == 3)
            #expect(moved(latency + "_bucket", ["endpoint": "health", "operation": "none", "le": "+Inf"]) == 3)
            #expect(moved(latency + "_sum", ["endpoint": "soap", "operation": "SearchHotels"]) > 0)

            #expect(moved("hotels_wssecurity_failures_total", ["reason": "wrong_password"]) == 1)
            #expect(moved("hotels_wssecurity_failures_total", ["reason": "missing_token"]) == 1)
            #expect(moved("hotels_wssecurity_failures_total", ["reason": "replayed"]) == 0)

            let queries = "hotels_catalog_query_duration_seconds_count"
            #expect(moved(queries, ["operation": "search"]) == 2)
            #expect(moved(queries, ["operation": "hotel"]) == 1)
            #expect(moved(queries, ["operation": "logo"]) == 2)
            #expect(moved(queries, ["operation": "check"]) == 3)

            // The same page twice: every hotel missed once, then found; one logo drawn, then kept.
            for cache in ["rendered_hotels", "hotel_rows"] {
                let misses = moved("hotels_cache_misses_total", ["cache": cache])
                #expect(misses == 5, "\(cache)")
                #expect(moved("hotels_cache_hits_total", ["cache": cache]) == misses, "\(cache)")
            }
            #expect(moved("hotels_cache_misses_total", ["cache": "logos"]) == 1)
            #expect(moved("hotels_cache_hits_total", ["cache": "logos"]) == 1)
            #expect(after.value("hotels_requests_in_flight") == 1)
            #expect(after.value("hotels_open_connections") >= 1)
        }
    }

    @Test("OpenTravel's written stays: the same search twice, each hotel missed once and then found; other dates miss again")
    func writtenStays() async throws {
        let server = try await LiveServer.start()
        defer { server.kill() }
        let writer = OTAAvailRequestWriter(version: .v11)
        func search(_ query: HotelQuery) async throws {
            let request = try writer.availability(
                query, maxResponses: 5, moreDataEchoToken: nil, echoToken: "m", timeStamp: "2026-11-28T12:00:00Z")
            let reply = try await CurlExchange.run(
                server.url + "/ota", body: request.body,
                headers: ["Content-Type: text/xml; charset=utf-8", "SOAPAction: \"\(request.action ?? "")\""])
            #expect(reply.status == 200 && reply.body.contains("<RoomStay"), "\(reply.body.prefix(300))")
        }
        let before = try await Self.scrape(server)
        let seoul = HotelQuery(city: "Seoul")
        try await search(seoul)
        try await search(seoul)
        var later = seoul
        later.checkIn = CalendarDate("2027-05-01")
        later.checkOut = CalendarDate("2027-05-03")
        try await search(later)
        let after = try await Self.scrape(server)
        let labels = ["cache": "ota_room_stays"]
        #expect(after.value("hotels_cache_misses_total", labels) - before.value("hotels_cache_misses_total", labels) == 10)
        #expect(after.value("hotels_cache_hits_total", labels) - before.value("hotels_cache_hits_total", labels) == 5)
    }

    @Test("connections refused at --max-connections are counted, and open ones shown")
    func refusals() async throws {
        let server = try await LiveServer.start(arguments: ["--max-connections", "2"])
        defer { server.kill() }
        let port = try #require(server.url.split(separator: ":").last.flatMap { Int($0) })
        let before = try await Self.scrape(server)
        // The scrape's connection gives its slot back a moment after it closes.
        try await Task.sleep(for: .milliseconds(200))
        // Two idle connections take both slots; a third is answered 503.
        let held = try [LoopbackProbe.open(port: port), LoopbackProbe.open(port: port)].map { try $0.get() }
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await CurlExchange.run(server.url + "/health").status == 503)
        for fd in held.dropLast() { close(fd) }
        // Closing is seen a moment later; a scrape that still finds both slots taken is
        // itself refused, and counted with the rest.
        var refusedScrapes = 0
        var after: PrometheusText?
        for _ in 0..<50 where after == nil {
            let reply = try await CurlExchange.run(server.url + "/metrics")
            if reply.status == 503 {
                refusedScrapes += 1
                try await Task.sleep(for: .milliseconds(50))
            } else {
                after = try PrometheusText(parsing: reply.body)
            }
        }
        close(held.last!)
        let scraped = try #require(after)
        let refused = scraped.value("hotels_connections_refused_total") - before.value("hotels_connections_refused_total")
        #expect(refused == Double(1 + refusedScrapes))
        #expect(scraped.value("hotels_open_connections") == 2, "the held connection and the scrape's")
    }

    @Test("--no-metrics serves no /metrics")
    func off() async throws {
        let server = try await LiveServer.start(arguments: ["--no-metrics"])
        defer { server.kill() }
        #expect(try await CurlExchange.run(server.url + "/metrics").status == 404)
        #expect(try await CurlExchange.run(server.url + "/health").status == 200)
    }
}
