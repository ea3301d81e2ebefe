import Foundation
import HotelSOAP
import Testing

/// Our OpenTravel client side against a partner that is not us: PHP's SoapServer
/// (`Support/Scripts/ota_server.php`), whose serializer writes its own prefixes (`ns1:`,
/// `SOAP-ENV:`/`env:`), escaping and multi-references, from our WSDL.
@Suite("A foreign OpenTravel server: PHP's SoapServer")
struct ForeignOTAServerTests {
    @Test("hotels parse - reads PHP's OTA_HotelAvailRS: every hotel once, at its cheapest Total", arguments: [SOAPVersion.v11, .v12])
    func parsePHPResponse(version: SOAPVersion) async throws {
        let hotels = try await PHPOTAServer.hotels()
        try #require(hotels.count >= 10 && hotels.contains { $0.name.unicodeScalars.contains { !$0.isASCII } })
        let server = try await PHPOTAServer.start()
        // 3 nights, 2 rooms: the Total is nightly × 3 × 2, so a reader that took a Base or a
        // RoomStay other than the cheapest prints another number.
        let reply = try await server.post(
            PHPOTAServer.request(version, maxResponses: 50, stay: ("2027-05-10", "2027-05-13"), rooms: 2), version: version)
        #expect(reply.status == 200)
        // PHP answers in the request's SOAP version, which the reader must follow.
        #expect(reply.contentType.hasPrefix(version.mediaType), "PHP answered \(reply.contentType)")

        let parsed = try await HotelsBinary.run(["parse", "-", "--format", "json"], stdin: reply.body)
        try #require(parsed.status == 0, "hotels parse exited \(parsed.status): \(parsed.stderr)")
        #expect(parsed.stderr.isEmpty, "\(parsed.stderr)")
        let rows = try parsed.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
        #expect(rows.map { $0["hotel_id"] as? String } == hotels.map(\.code), "every hotel once, in PHP's order")
        for (row, hotel) in zip(rows, hotels) {
            let cheapest = try #require(hotel.rates.values.min()) * 3 * 2
            #expect(row["price"] as? String == String(format: "%d.%02d", cheapest / 100, cheapest % 100), "price of \(hotel.code)")
            #expect(row["currency"] as? String == "EUR", "currency of \(hotel.code)")
            #expect(row["name"] as? String == hotel.name, "name of \(hotel.code)")
            #expect(row["city"] as? String == hotel.city, "city of \(hotel.code)")
            #expect(row["country"] as? String == hotel.country, "country of \(hotel.code)")
            #expect(row["stars"] as? Int == hotel.stars, "stars of \(hotel.code)")
        }
    }

    @Test("hotels parse - prints one page of a paged PHP answer, and PHP's Errors as one line with exit 3")
    func parsePHPPageAndErrors() async throws {
        let hotels = try await PHPOTAServer.hotels()
        let city = try #require(hotels.last?.cityCode)
        let server = try await PHPOTAServer.start()
        let page = try await server.post(PHPOTAServer.request(.v11, maxResponses: 2, cityCode: city.lowercased()), version: .v11)
        let parsed = try await HotelsBinary.run(["parse", "-", "--format", "csv"], stdin: page.body)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let ids = parsed.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        #expect(ids == Array(hotels.filter { $0.cityCode == city }.prefix(2).map(\.code)))

        let refused = try await server.post(PHPOTAServer.request(.v12, cityCode: "XXA"), version: .v12)
        let failed = try await HotelsBinary.run(["parse", "-"], stdin: refused.body)
        #expect(failed.status == 3)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderrLines.count == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("320") && failed.stderr.contains("XXA"), "\(failed.stderr)")
    }

    @Test(
        "hotels search --dialect ota --all walks PHP's tokens: every hotel of the city once, at its cheapest stay",
        arguments: [("Berlin", "--city", SOAPVersion.v11, false), ("LIS", "--city-code", .v12, false), ("lisbon", "--city", .v11, true)])
    func searchWalksPHPPages(city: String, flag: String, version: SOAPVersion, fromWSDL: Bool) async throws {
        let expected = try await PHPOTAServer.hotels().filter { $0.city.lowercased() == city.lowercased() || $0.cityCode == city }
        try #require(expected.count > 4, "the city must need several pages of 2")
        let server = try await PHPOTAServer.start()
        // From the WSDL PHP serves (ours, its address rewritten), the client finds the
        // endpoint and that it speaks OpenTravel without being told.
        let service = fromWSDL ? ["--wsdl", server.endpoint + "?wsdl"] : ["--endpoint", server.endpoint, "--dialect", "ota"]
        // Pages of 2 hotels: all of them only come back if the walk follows every token, and
        // each exactly once only if it never asks for a page twice. --max-time: a walk that
        // went round in circles (the client does not notice a token coming back) must fail
        // the test, not hang it.
        let result = try await HotelsBinary.run(
            ["search"] + service + [
                "--soap-version", version.rawValue, flag, city,
                "--check-in", "2027-05-10", "--check-out", "2027-05-12", "--guests", "2", "--all", "--page-size", "2", "--format", "csv",
                "--max-time", "60",
            ])
        try #require(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,distance_km,logo_url")
        // No value here needs CSV quoting, so a comma always separates fields.
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.map { $0.first ?? "" } == expected.map(\.code), "every hotel once, in the partner's order")
        for (row, hotel) in zip(rows, expected) {
            try #require(row.count == 12, "\(row)")
            let cheapest = try #require(hotel.rates.values.min()) * 2
            #expect(row[1] == hotel.name)
            #expect(row[3] == hotel.city)
            #expect(row[7] == String(hotel.stars))
            #expect(row[8] == String(format: "%d.%02d", cheapest / 100, cheapest % 100), "price of \(hotel.code)")
            #expect(row[9] == "EUR")
        }
    }

    @Test("hotels search --dialect ota: PHP's Errors for an unknown city exit 3 with one line on stderr")
    func searchUnknownCity() async throws {
        let server = try await PHPOTAServer.start()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", server.endpoint, "--dialect", "ota", "--city", "Atlantis", "--all", "--format", "csv",
        ])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "no header without a row: \(result.stdout)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("320") && result.stderr.contains("Atlantis"), "\(result.stderr)")
    }
}
