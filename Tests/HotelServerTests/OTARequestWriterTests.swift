import Foundation
import Testing

@testable import HotelCatalogs
@testable import HotelSOAP
@testable import HotelSeeder
@testable import HotelServer

/// The client's `OTA_HotelAvailRQ` (`OTAAvailRequestWriter` through `OTADialect`): valid by
/// the official 2017B schema and by our WSDL's types for every query the client can send,
/// and read by the real server as the query meant, page after page.
@Suite("OpenTravel requests the client writes")
struct OTARequestWriterTests {
    /// Every criterion alone, then together, then at the edges of their value types.
    static let queries: [(String, HotelQuery)] = [
        ("nothing", HotelQuery()),
        ("city", HotelQuery(city: "Seoul")),
        ("city code", HotelQuery(cityCode: "SEL")),
        ("name", HotelQuery(name: "Grand & <Sons> \"Résidence\"")),
        ("near, whole km", HotelQuery(near: GeoCircle(latitude: 37.5665, longitude: 126.978, radiusKm: 25))),
        ("near, fraction", HotelQuery(near: GeoCircle(latitude: -33.868820000000005, longitude: 151.2093, radiusKm: 2.5))),
        ("near, extreme", HotelQuery(near: GeoCircle(latitude: -89.99999999, longitude: -179.123456789, radiusKm: 0.0001))),
        ("stars", HotelQuery(minStars: 4)),
        ("price", HotelQuery(maxPrice: Decimal(string: "199.95")!, currency: "eur")),
        ("price, no currency", HotelQuery(maxPrice: 300)),
        ("stay", HotelQuery(checkIn: CalendarDate("2027-02-27"), checkOut: CalendarDate("2027-03-02"))),
        ("check-in only", HotelQuery(checkIn: CalendarDate("2027-02-27"))),
        ("guests", HotelQuery(guests: 3)),
        ("amenities", HotelQuery(amenities: ["wifi", "POOL", "ev-charging"])),
        ("by name", HotelQuery(sortBy: .name)),
        ("by price", HotelQuery(sortBy: .price)),
        (
            "everything",
            HotelQuery(
                city: "Paris", name: "Hôtel", near: GeoCircle(latitude: 48.8566, longitude: 2.3522, radiusKm: 12.25), minStars: 2,
                maxPrice: 900, currency: "EUR", checkIn: CalendarDate("2027-05-01"), checkOut: CalendarDate("2027-05-04"), guests: 2,
                amenities: ["wifi", "breakfast"], sortBy: .price, cityCode: "PAR")
        ),
    ]

    static func payload(_ request: SOAPRequest) throws -> String {
        try #require(OTASchema.payload(String(decoding: request.body, as: UTF8.self), root: OTA.availRequest))
    }

    @Test("Every request validates against OTA_HotelAvailRQ.xsd and the WSDL's types, first page and next, SOAP 1.1 and 1.2")
    func valid() throws {
        let schema = try OTASchema.request.get()
        let ours = try OTASchema.wsdlTypes.get()
        let dialect = OTADialect()
        for (label, query) in Self.queries {
            for version in [SOAPVersion.v11, .v12] {
                for start in [PageStart.offset(0), .token("T0ken+/=&<\"x\">")] {
                    let request = try dialect.searchRequest(query, page: PageRequest(start: start, size: 37), version: version)
                    let payload = try Self.payload(request)
                    #expect(schema.errors(payload).isEmpty, "\(label) \(version) \(start): \(schema.errors(payload))\n\(payload)")
                    #expect(ours.errors(payload).isEmpty, "\(label) \(version): not valid by the WSDL's types: \(ours.errors(payload))")
                    #expect(request.action == "http://www.opentravel.org/OTA/2003/05/OTA_HotelAvailRQ")
                }
            }
        }
    }

    @Test("A validator that sees our request with a criterion out of order rejects it (the check can fail)")
    func validatorSeesOrder() throws {
        let schema = try OTASchema.request.get()
        let request = try OTADialect().searchRequest(
            HotelQuery(city: "Seoul", minStars: 3), page: .first(size: 10), version: .v11)
        let payload = try Self.payload(request)
        #expect(schema.errors(payload).isEmpty)
        // Award before Address breaks HotelSearchCriterionType's sequence.
        let swapped = payload.replacingOccurrences(of: "<Address><CityName>Seoul</CityName></Address>", with: "")
            .replacingOccurrences(of: "<Award Rating=\"3\"/>", with: "<Award Rating=\"3\"/><Address><CityName>Seoul</CityName></Address>")
        #expect(swapped != payload)
        #expect(!schema.errors(swapped).isEmpty)
    }

    @Test("Coordinates fit Latitude/Longitude's 16 characters; a radius is whole kilometres or metres")
    func valueTypes() {
        #expect(OTAAvailRequestWriter.degrees(-179.123456789) == "-179.1234568")
        #expect(OTAAvailRequestWriter.degrees(37.566500000000005) == "37.5665")
        #expect(OTAAvailRequestWriter.degrees(-0.00000001) == "0")
        #expect(OTAAvailRequestWriter.degrees(2) == "2")
        #expect(OTAAvailRequestWriter.radius(km: 25) == "Distance=\"25\" DistanceMeasure=\"Kilometers\" UnitOfMeasureCode=\"2\"")
        #expect(OTAAvailRequestWriter.radius(km: 2.5) == "Distance=\"2500\" DistanceMeasure=\"Meters\"")
        #expect(OTAAvailRequestWriter.radius(km: 0.0001) == "Distance=\"1\" DistanceMeasure=\"Meters\"")
    }

    @Test("What OTA cannot say is a query error naming it, before anything is sent")
    func refused() throws {
        let dialect = OTADialect()
        let cases: [(HotelQuery, String)] = [
            (HotelQuery(sortBy: .stars), "sort order stars"),
            (HotelQuery(near: GeoCircle(latitude: 1, longitude: 2, radiusKm: 3), sortBy: .distance), "sort order distance"),
            (HotelQuery(amenities: ["sauna"]), "amenity sauna"),
            (HotelQuery(cityCode: "PARIS-CDG-ORY"), "a city code of 13 characters"),
            (HotelQuery(city: String(repeating: "x", count: 65)), "a city name of 65 characters"),
            (HotelQuery(checkOut: CalendarDate("2027-01-02")), "a check-out day without a check-in day"),
            (HotelQuery(maxPrice: 10, currency: "EURO"), "currency EURO"),
        ]
        for (query, what) in cases {
            do {
                _ = try dialect.searchRequest(query, page: .first(size: 10), version: .v11)
                Issue.record("\(what) was written")
            } catch let error as SOAPDialectError {
                #expect(error.isAboutQuery)
                #expect(error.description.hasPrefix("OpenTravel cannot ask for \(what): "), "\(error)")
            }
        }
        #expect(throws: SOAPDialectError.pageStartNotSupported(dialect: "OpenTravel")) {
            try dialect.searchRequest(HotelQuery(), page: PageRequest(start: .offset(50), size: 10), version: .v11)
        }
        #expect(throws: SOAPDialectError.self) {
            try HotelSearchDialect().searchRequest(HotelQuery(cityCode: "PAR"), page: .first(size: 10), version: .v11)
        }
    }

    // MARK: The real server reads what the client wrote

    /// Every page of `query` through the dialect against the server, as `hotels search --all` walks it.
    static func walk(_ server: TestServer, _ query: HotelQuery, pageSize: Int, version: SOAPVersion = .v11) async throws -> [HotelInfo] {
        let dialect = OTADialect()
        var hotels: [HotelInfo] = []
        var start = PageStart.offset(0)
        for _ in 0..<1000 {
            let request = try dialect.searchRequest(query, page: PageRequest(start: start, size: pageSize), version: version)
            let reply = try await server.post(request, path: "/ota")
            let reader = dialect.responseReader(onHotel: nil)
            try reply.body.withUnsafeBytes { try reader.feed($0) }
            let page = try reader.finish().page()
            #expect(page.hotels.count <= pageSize)
            hotels += page.hotels
            guard let next = page.next else { return hotels }
            start = next
        }
        Issue.record("more than 1000 pages")
        return hotels
    }

    @Test(
        "The server answers each criterion as the catalog does; --all walks MoreDataEchoToken to every row once",
        arguments: [
            SOAPVersion.v11, .v12,
        ])
    func roundTrip(version: SOAPVersion) async throws {
        let catalog = try TestCatalog.open()
        let city = try await OTAEndpointTests.busiestCity(catalog)
        let centre = try #require(try await catalog.search(HotelQuery(city: city, limit: 1)).hotels.first)
        let near = GeoCircle(latitude: centre.latitude, longitude: centre.longitude, radiusKm: 7.5)
        // The same search in the catalog's terms (a Position orders nearest first).
        var cases: [(HotelQuery, HotelQuery)] = [
            (HotelQuery(city: city), HotelQuery(city: city)),
            (HotelQuery(city: city, minStars: 3, sortBy: .name), HotelQuery(city: city, minStars: 3, sortBy: .name)),
            (HotelQuery(near: near), HotelQuery(near: near, sortBy: .distance)),
            (HotelQuery(near: near, sortBy: .price), HotelQuery(near: near, sortBy: .price)),
            (
                HotelQuery(city: city, maxPrice: 250, currency: "USD", checkIn: CalendarDate("2027-04-01"), guests: 2),
                HotelQuery(city: city, maxPrice: 250, currency: "USD")
            ),
        ]
        // Our server matches HotelCityCode against names too; the schema allows 8 characters.
        if city.count <= 8 {
            cases.append(
                (
                    HotelQuery(amenities: ["wifi"], sortBy: .price, cityCode: city),
                    HotelQuery(city: city, amenities: ["wifi"], sortBy: .price)
                ))
        }
        try await TestServer.with(catalog: catalog) { [cases] server in
            for (ota, equivalent) in cases {
                var all = equivalent
                all.limit = 500
                let expected = try await catalog.search(all)
                #expect(expected.totalCount > 7 && expected.totalCount <= 500, "the case needs a few pages: \(equivalent)")
                let walked = try await Self.walk(server, ota, pageSize: 7, version: version)
                #expect(walked.map(\.id) == expected.hotels.map(\.id), "\(ota)")
            }
        }
    }
}
