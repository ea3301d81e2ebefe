import Foundation
import HotelSOAP
import HotelTestSupport
import Imaging
import Testing

/// Issue 32 point 4 on SQLite and PostgreSQL: a running `hotels serve` answers from a change
/// `hotels import` commits within a second, without a restart, and nothing from before the change is served
/// or confirmed after it: not the rows, the counts, the rendered XML, a logo, an ETag, nor an
/// OpenTravel page token.
@Suite("a live catalog, changed by hotels import", .serialized)
struct LiveCatalogTests {
    static let header = "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,phone,amenities,description"

    /// Four hotels in Paris, 100.00 to 400.00 EUR.
    static let hotels =
        header + "\n"
        + (1...4).map { "LV-\($0),Hotel Live \($0),\($0) Rue Cler,Paris,FR,48.85\($0),2.30\($0),3,\($0)00.00,EUR,,wifi,Room \($0)." }
        .joined(separator: "\n") + "\n"

    /// LV-1 costs 777.00 and gets a logo of its own; LV-4 is deleted.
    static let change =
        header + ",logo,deleted\n"
        + "LV-1,Hotel Live 1,1 Rue Cler,Paris,FR,48.851,2.301,3,777.00,EUR,,wifi,Room 1.,red.png,\n"
        + "LV-4,,,,,,,,,,,,,,true\n"

    static func soap(_ server: LiveServer, _ request: SOAPRequest, ifNoneMatch: String? = nil) async throws -> CurlExchange {
        var headers = ["Content-Type: text/xml; charset=utf-8", "SOAPAction: \"\(request.action ?? "")\""]
        if let ifNoneMatch { headers.append("If-None-Match: \(ifNoneMatch)") }
        return try await CurlExchange.run(server.endpoint, body: request.body, headers: headers)
    }

    static func ota(_ server: LiveServer, token: String? = nil) async throws -> CurlExchange {
        let segment = token.map { "MoreDataEchoToken=\"\($0)\"" } ?? ""
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <s:Envelope xmlns:s="\(SOAPVersion.v11.envelopeNamespace)"><s:Body>\
            <OTA_HotelAvailRQ xmlns="\(OTA.namespace)" Version="1.0" MaxResponses="1">\
            <AvailRequestSegments><AvailRequestSegment \(segment)/></AvailRequestSegments>\
            </OTA_HotelAvailRQ></s:Body></s:Envelope>
            """
        return try await CurlExchange.run(server.url + "/ota", body: Array(xml.utf8), headers: ["Content-Type: text/xml; charset=utf-8"])
    }

    @Test(
        "an import under a running server: the new price within 1 s, new ETags, 200 to old If-None-Match, old OTA tokens refused",
        arguments: ["sqlite", "postgres"])
    func importIsServedAtOnce(store: String) async throws {
        let scratch = try InventoryScratch()
        try scratch.write("hotels.csv", Self.hotels)
        try scratch.write("red.png", bytes: try InventoryScratch.png(width: 40, height: 40, RGBAColor(red: 220, green: 0, blue: 0)))
        let catalog =
            store == "sqlite" ? scratch.path("live.sqlite") : try await TestPostgres.shared().makeDatabase("live_import")
        let created = try await scratch.hotels(["import", "hotels.csv", "--into", catalog])
        try #require(created.status == 0, "\(created.stderr)")
        let server = try await LiveServer.start(catalog: catalog)
        defer { server.kill() }

        let dialect = HotelSearchDialect()
        let cityPage = try dialect.searchRequest(
            HotelQuery(city: "Paris", sortBy: .price), page: PageRequest(start: .offset(0), size: 50), version: .v11)
        let detail = try dialect.detailRequest(hotelID: "LV-1", version: .v11)
        let logoURL = server.url + "/logos/LV-1.png"

        // Before: every cache warm (asked twice), every validator kept.
        var before = try await Self.soap(server, cityPage)
        before = try await Self.soap(server, cityPage)
        #expect(before.status == 200 && before.body.contains("100.00") && before.body.contains("LV-4"), "\(before.body.prefix(300))")
        #expect(try await Self.soap(server, cityPage, ifNoneMatch: before.etag).status == 304)
        #expect(try await Self.soap(server, detail).body.contains("100.00"))
        let logoBefore = try await CurlExchange.run(logoURL, binary: true)
        #expect(logoBefore.status == 200 && !logoBefore.etag.isEmpty)
        let firstPage = try await Self.ota(server)
        let token = try #require(firstPage.attribute("MoreIndicator"), "\(firstPage.body.prefix(600))")
        let stillExact = try await Self.ota(server, token: token)
        #expect(stillExact.status == 200 && !stillExact.body.contains("<Errors"), "\(stillExact.body.prefix(600))")
        #expect(try await CurlExchange.run(server.url + "/health").body == "ok: 4 hotels\n")

        try scratch.write("change.csv", Self.change)
        let result = try await scratch.hotels(["import", "change.csv", "--into", catalog])
        try #require(result.status == 0, "\(result.stderr)")
        let committed = ContinuousClock.now

        // Polled, not slept: the first answer with the new price, and when it was asked for.
        let (took, after) = try await firstNewAnswer(since: committed) {
            try await Self.soap(server, cityPage)
        } isNew: {
            $0.body.contains("777.00")
        }
        print(
            "live \(store) catalog: the new price served to a request sent \(took.map { "\($0)" } ?? "over 1 s") after the import's commit")
        #expect(took != nil, "a request sent over 1 s after the commit was answered from before it")
        #expect(after.body.contains("777.00") && !after.body.contains("LV-4"), "\(after.body.prefix(400))")
        #expect(after.body.contains("TotalCount=\"3\"") || after.body.contains("<h:TotalCount>3<"), "\(after.body.prefix(400))")

        // No validator from before confirms the old answer.
        #expect(after.etag != before.etag)
        let revalidated = try await Self.soap(server, cityPage, ifNoneMatch: before.etag)
        #expect(revalidated.status == 200 && revalidated.body.contains("777.00"))
        #expect(try await Self.soap(server, cityPage, ifNoneMatch: after.etag).status == 304)
        #expect(try await Self.soap(server, detail).body.contains("777.00"))
        let gone = try await Self.soap(server, try dialect.detailRequest(hotelID: "LV-4", version: .v11))
        #expect(gone.status != 200 && gone.body.contains("NotFound"), "\(gone.body.prefix(400))")

        let logoAfter = try await CurlExchange.run(logoURL, headers: ["If-None-Match: \(logoBefore.etag)"], binary: true)
        #expect(logoAfter.status == 200 && logoAfter.etag != logoBefore.etag, "\(logoAfter.headers)")
        #expect(try await CurlExchange.run(server.url + "/health").body == "ok: 3 hotels\n")

        // The token from before the change is refused with the error that says why.
        let stale = try await Self.ota(server, token: token)
        #expect(stale.body.contains("Code=\"450\"") && stale.body.contains("the catalog changed"), "\(stale.body.prefix(800))")
        // Starting over gives a token that pages again.
        let fresh = try #require(try await Self.ota(server).attribute("MoreIndicator"))
        #expect(!(try await Self.ota(server, token: fresh).body.contains("<Errors")))
    }
}
