import Foundation
import HotelSOAP
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

/// `POST /ota` on a real server over the seeded catalog. Every OTA message the server
/// writes here is validated against the official 2017B schema (`OTASchema`).
@Suite("OpenTravel OTA_HotelAvailRQ on /ota")
struct OTAEndpointTests {
    // MARK: Criteria one by one

    @Test("HotelCityCode: the city's hotels, in the catalog's order, page by page")
    func city() async throws {
        let catalog = try TestCatalog.open()
        let city = try await Self.busiestCity(catalog)
        try await TestServer.with(catalog: catalog) { server in
            let rs = try await server.ota(criterion: "<HotelRef HotelCityCode=\"\(city)\"/>", root: "MaxResponses=\"20\"")
            let expected = try await catalog.search(HotelQuery(city: city, limit: 20))
            #expect(rs.success && rs.errors.isEmpty)
            #expect(rs.hotelCodes.count == min(20, expected.totalCount) && !rs.hotelCodes.isEmpty)
            #expect(rs.hotelCodes == expected.hotels.map(\.id))
            #expect((rs.moreIndicator != nil) == (expected.totalCount > 20))
        }
    }

    @Test("HotelCityCode as partners send it, an IATA city code: PAR is Paris, in any case, and each hotel says its code")
    func iataCityCode() async throws {
        let catalog = try TestCatalog.open()
        let expected = try await catalog.search(HotelQuery(city: "Paris", limit: 20))
        try #require(expected.totalCount > 0, "the test catalog has no hotel in Paris")
        try await TestServer.with(catalog: catalog) { server in
            for code in ["PAR", "par"] {
                let rs = try await server.ota(criterion: "<HotelRef HotelCityCode=\"\(code)\"/>", root: "MaxResponses=\"20\"")
                #expect(rs.success && rs.errors.isEmpty)
                #expect(rs.hotelCodes == expected.hotels.map(\.id), "\(code)")
                #expect(rs.stays.allSatisfy { $0.hotelCityCode == "PAR" })
            }
            // A code no city has: an Error naming what the service knows, not an empty page.
            let unknown = try await server.ota(criterion: "<HotelRef HotelCityCode=\"QQQ\"/>")
            #expect(unknown.errors.map(\.code) == ["320"])
        }
    }

    @Test("every seeded city has one IATA code, three capital letters, none shared")
    func cityCodesCoverTheSeeder() {
        #expect(Set(CityCodes.byCity.keys) == Set(SeedData.cities.map(\.name)))
        #expect(CityCodes.byCode.count == CityCodes.byCity.count)
        #expect(CityCodes.byCity.values.allSatisfy { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } })
    }

    @Test("Position + Radius in kilometres and in miles: every hotel inside, nearest first", arguments: ["Kilometers", "Miles"])
    func radius(unit: String) async throws {
        let catalog = try TestCatalog.open()
        let centre = try #require(try await catalog.search(HotelQuery(limit: 1)).hotels.first)
        try await TestServer.with(catalog: catalog) { server in
            let criterion = """
                <Position Latitude="\(centre.latitude)" Longitude="\(centre.longitude)"/>\
                <Radius Distance="300" DistanceMeasure="\(unit)"/>
                """
            let rs = try await server.ota(criterion: criterion, root: "MaxResponses=\"500\"")
            let km = unit == "Miles" ? 300 * 1.609344 : 300
            let expected = try await catalog.search(
                HotelQuery(
                    near: GeoCircle(latitude: centre.latitude, longitude: centre.longitude, radiusKm: km), sortBy: .distance, limit: 500))
            #expect(rs.hotelCodes == expected.hotels.map(\.id))
            #expect(rs.hotelCodes.contains(centre.id) && rs.hotelCodes.count > 1)
            for stay in rs.stays {
                #expect(GeoMath.distanceKm(stay.latitude, stay.longitude, centre.latitude, centre.longitude) <= km + 0.01)
            }
        }
    }

    @Test("UnitOfMeasureCode 1 is miles, and a Radius without a unit is kilometres with a Warning")
    func radiusUnits() async throws {
        let catalog = try TestCatalog.open()
        let centre = try #require(try await catalog.search(HotelQuery(limit: 1)).hotels.first)
        try await TestServer.with(catalog: catalog) { server in
            let position = "<Position Latitude=\"\(centre.latitude)\" Longitude=\"\(centre.longitude)\"/>"
            let miles = try await server.ota(
                criterion: position + "<Radius Distance=\"200\" UnitOfMeasureCode=\"1\"/>", root: "MaxResponses=\"500\"")
            let words = try await server.ota(
                criterion: position + "<Radius Distance=\"200\" DistanceMeasure=\"Miles\"/>", root: "MaxResponses=\"500\"")
            #expect(miles.hotelCodes == words.hotelCodes && miles.warnings.isEmpty)
            let bare = try await server.ota(criterion: position + "<Radius Distance=\"200\"/>", root: "MaxResponses=\"500\"")
            let km = try await server.ota(
                criterion: position + "<Radius Distance=\"200\" DistanceMeasure=\"Kilometers\"/>", root: "MaxResponses=\"500\"")
            #expect(bare.hotelCodes == km.hotelCodes)
            #expect(bare.warnings.count == 1 && bare.warnings.first?.type == "11")
        }
    }

    @Test("HotelCode reads hotels by id; an unknown one is Errors Type 3 Code 392")
    func hotelCode() async throws {
        let catalog = try TestCatalog.open()
        let hotels = try await catalog.search(HotelQuery(limit: 2)).hotels
        try await TestServer.with(catalog: catalog) { server in
            let rs = try await server.ota(criterion: "<HotelRef HotelCode=\"\(hotels[1].id)\"/><HotelRef HotelCode=\"\(hotels[0].id)\"/>")
            #expect(rs.hotelCodes == [hotels[1].id, hotels[0].id])
            #expect(rs.stays.first?.hotelName == hotels[1].name)
            let missing = try await server.ota(criterion: "<HotelRef HotelCode=\"H9999999\"/>")
            #expect(!missing.success && missing.stays.isEmpty)
            #expect(missing.errors.map(\.code) == ["392"] && missing.errors.first?.type == "3")
        }
    }

    @Test("HotelName, Award and HotelAmenity narrow the search as Name, MinStars and Amenity do")
    func nameStarsAmenities() async throws {
        let catalog = try TestCatalog.open()
        let sample = try #require(try await catalog.search(HotelQuery(minStars: 4, limit: 1)).hotels.first)
        let word = String(sample.name.split(separator: " ").max(by: { $0.count < $1.count }) ?? "")
        try await TestServer.with(catalog: catalog) { server in
            let named = try await server.ota(criterion: "<HotelRef HotelName=\"\(word)\"/>", root: "MaxResponses=\"500\"")
            #expect(named.hotelCodes == (try await catalog.search(HotelQuery(name: word, limit: 500))).hotels.map(\.id))
            #expect(named.hotelCodes.contains(sample.id))

            let rated = try await server.ota(criterion: "<Award Provider=\"AAA\" Rating=\"4\"/>", root: "MaxResponses=\"100\"")
            #expect(rated.hotelCodes == (try await catalog.search(HotelQuery(minStars: 4, limit: 100))).hotels.map(\.id))
            #expect(rated.hotelCodes.count == 100)
            #expect(rated.stays.allSatisfy { ($0.rating ?? 0) >= 4 })

            let amenities = try await server.ota(
                criterion: "<HotelAmenity Code=\"179\"/><HotelAmenity Code=\"71\"/>", root: "MaxResponses=\"100\"")
            #expect(
                amenities.hotelCodes == (try await catalog.search(HotelQuery(amenities: ["wifi", "pool"], limit: 100))).hotels.map(\.id))
            #expect(!amenities.hotelCodes.isEmpty)
            // A code with no counterpart is ignored, with a Warning.
            let unknown = try await server.ota(criterion: "<HotelAmenity Code=\"999\"/>", root: "MaxResponses=\"5\"")
            #expect(unknown.success && unknown.warnings.count == 1 && unknown.warnings.first?.type == "2")
            #expect(unknown.hotelCodes.count == 5)
        }
    }

    @Test("RateRange MaxRate in its CurrencyCode filters as MaxPrice; MinRate is ignored with a Warning")
    func rateRange() async throws {
        let catalog = try TestCatalog.open()
        try await TestServer.with(catalog: catalog) { server in
            let rs = try await server.ota(segment: "<RateRange MaxRate=\"90\" CurrencyCode=\"EUR\"/>", root: "MaxResponses=\"200\"")
            let expected = try await catalog.search(HotelQuery(maxPrice: 90, currency: "EUR", limit: 200))
            #expect(rs.hotelCodes == expected.hotels.map(\.id) && rs.warnings.isEmpty)
            #expect(!rs.hotelCodes.isEmpty && expected.totalCount < TestCatalog.count)
            let both = try await server.ota(
                segment: "<RateRange MinRate=\"10\" MaxRate=\"90\" CurrencyCode=\"EUR\"/>", root: "MaxResponses=\"200\"")
            #expect(both.hotelCodes == rs.hotelCodes && both.warnings.count == 1)
        }
    }

    @Test("Room stays: one per hotel and room type, priced for the nights, the guests and the requested currency")
    func pricing() async throws {
        let catalog = try TestCatalog.open()
        let hotel = try #require(try await catalog.search(HotelQuery(minStars: 4, limit: 1)).hotels.first)
        try await TestServer.with(catalog: catalog) { server in
            let segment = """
                <StayDateRange Start="2027-03-01" End="2027-03-04"/>\
                <RoomStayCandidates><RoomStayCandidate Quantity="2"><GuestCounts>\
                <GuestCount AgeQualifyingCode="10" Count="2"/><GuestCount AgeQualifyingCode="8" Count="1"/>\
                </GuestCounts></RoomStayCandidate></RoomStayCandidates>
                """
            let rs = try await server.ota(
                criterion: "<HotelRef HotelCode=\"\(hotel.id)\"/>", segment: segment, root: "RequestedCurrency=\"JPY\"")
            #expect(rs.stays.map(\.roomTypeCode) == ["STD", "SUP", "STE"])
            let own = try #require(Currencies.info(hotel.price.currency))
            let yen = try #require(Currencies.info("JPY"))
            for (stay, factor) in zip(rs.stays, [1.0, 1.25, 1.8]) {
                // 2 adults (+25 %) and a child (+10 %), converted through USD, whole yen.
                let nightly = (NSDecimalNumber(decimal: hotel.price.amount).doubleValue * own.usdRate / yen.usdRate * factor * 1.35)
                #expect(abs(Double(stay.nightly) - nightly) <= 1, "\(stay.roomTypeCode): \(stay.nightly) vs \(nightly)")
                #expect(stay.total == stay.nightly * 3 * 2)
                #expect(stay.currency == "JPY" && stay.decimalPlaces == 0)
                #expect(stay.guestCounts == ["10": 2, "8": 1])
                #expect(stay.start == "2027-03-01" && stay.end == "2027-03-04")
            }
            // Without RequestedCurrency: the hotel's own currency and minor units, one night, one adult.
            let plain = try await server.ota(criterion: "<HotelRef HotelCode=\"\(hotel.id)\"/>")
            let first = try #require(plain.stays.first)
            #expect(first.currency == hotel.price.currency && first.decimalPlaces == own.minorUnits)
            var minor = hotel.price.amount
            for _ in 0..<own.minorUnits { minor *= 10 }
            #expect(Decimal(first.total) == minor)
        }
    }

    @Test("All criteria at once")
    func combined() async throws {
        let catalog = try TestCatalog.open()
        let city = try await Self.busiestCity(catalog)
        let centre = try #require(try await catalog.search(HotelQuery(city: city, limit: 1)).hotels.first)
        try await TestServer.with(catalog: catalog) { server in
            let criterion = """
                <Position Latitude="\(centre.latitude)" Longitude="\(centre.longitude)"/>\
                <HotelRef HotelCityCode="\(city)"/><Radius Distance="50" DistanceMeasure="Kilometers"/>\
                <HotelAmenity Code="179"/><Award Rating="2"/>
                """
            let segment = """
                <StayDateRange Start="2027-01-10" End="2027-01-12"/><RateRange MaxRate="400" CurrencyCode="USD"/>\
                <RoomStayCandidates><RoomStayCandidate><GuestCounts><GuestCount AgeQualifyingCode="10" Count="2"/></GuestCounts>\
                </RoomStayCandidate></RoomStayCandidates>
                """
            let rs = try await server.ota(criterion: criterion, segment: segment, root: "MaxResponses=\"30\" RequestedCurrency=\"EUR\"")
            let expected = try await catalog.search(
                HotelQuery(
                    city: city, near: GeoCircle(latitude: centre.latitude, longitude: centre.longitude, radiusKm: 50), minStars: 2,
                    maxPrice: 400, currency: "USD", amenities: ["wifi"], sortBy: .distance, limit: 30))
            #expect(rs.success && rs.hotelCodes == expected.hotels.map(\.id))
            #expect(rs.hotelCodes.contains(centre.id) || centre.stars < 2)
            #expect(rs.stays.allSatisfy { $0.currency == "EUR" && $0.guestCounts == ["10": 2] })
        }
    }

    @Test("Defaults: one night from today (UTC), one adult, one room; MaxResponses over 500 is clamped with a Warning")
    func defaults() async throws {
        try await TestServer.with { server in
            let rs = try await server.ota(root: "MaxResponses=\"501\"")
            #expect(rs.hotelCodes.count == 500)
            #expect(rs.warnings.count == 1 && rs.warnings.first?.type == "11")
            let stay = try #require(rs.stays.first)
            #expect(stay.start == "\(CalendarDate.today())" && stay.end == "\(CalendarDate.today().adding(days: 1))")
            #expect(stay.guestCounts == ["10": 1])
            let children = try await server.ota(
                segment: "<RoomStayCandidates><RoomStayCandidate><GuestCounts><GuestCount AgeQualifyingCode=\"8\" Count=\"2\"/>"
                    + "</GuestCounts></RoomStayCandidate></RoomStayCandidates>")
            #expect(children.errors.map(\.code) == ["320"])
        }
    }

    @Test(
        "Business errors are OTA Errors with EWT types and ERR codes",
        arguments: [
            ("<StayDateRange Start=\"2027-02-10\" End=\"2027-02-08\"/>", "", "", "404"),
            ("<StayDateRange Start=\"2027-02-30\" End=\"2027-03-02\"/>", "", "", "15"),
            ("", "RequestedCurrency=\"XYZ\"", "", "61"),
            ("", "", "<HotelRef HotelCityCode=\"Atlantis\"/>", "320"),
            ("", "", "<Position Latitude=\"north\" Longitude=\"1\"/><Radius Distance=\"5\"/>", "320"),
            ("", "", "<Radius Distance=\"5\" DistanceMeasure=\"Kilometers\"/>", "321"),
            ("", "MaxResponses=\"0\"", "", "320"),
        ])
    func businessErrors(segment: String, root: String, criterion: String, code: String) async throws {
        try await TestServer.with { server in
            let rs = try await server.ota(criterion: criterion, segment: segment, root: root)
            #expect(!rs.success && rs.stays.isEmpty)
            #expect(rs.errors.map(\.code) == [code])
            #expect(["3", "10"].contains(rs.errors.first?.type ?? ""))
            #expect(rs.errors.first?.text.isEmpty == false)
        }
    }

    @Test("Criteria the service does not implement are Warnings, and the search goes on")
    func warnings() async throws {
        try await TestServer.with { server in
            let rs = try await server.ota(
                criterion: "<Telephone PhoneNumber=\"123\"/><HotelRef ChainCode=\"XX\"/>", root: "MaxResponses=\"3\" SortOrder=\"PD\"")
            #expect(rs.success && rs.hotelCodes.count == 3)
            let texts = rs.warnings.map(\.text).joined(separator: " | ")
            #expect(texts.contains("Criterion/Telephone") && texts.contains("ChainCode") && texts.contains("SortOrder"), "\(texts)")
            #expect(rs.warnings.allSatisfy { $0.type == "2" })
            // Only the first Criterion is read (OpenTravel ORs them); the others are named.
            let two = OTARequest.envelope(.v11, criterion: "<Award Rating=\"5\"/></Criterion><Criterion><Award Rating=\"1\"/>")
            let first = try validated(try await server.otaRaw(two))
            #expect(first.stays.allSatisfy { $0.rating == 5 } && !first.stays.isEmpty)
            #expect(first.warnings.map(\.text).joined().contains("Criterion[2]"))
        }
    }

    @Test("SOAP 1.2 in, SOAP 1.2 out; EchoToken echoed")
    func soap12() async throws {
        try await TestServer.with { server in
            let reply = try await server.otaRaw(OTARequest.envelope(.v12, root: "EchoToken=\"e-42\" MaxResponses=\"2\""), version: .v12)
            #expect(reply.status == 200)
            #expect(reply.headers.first(name: "Content-Type")?.hasPrefix("application/soap+xml") == true)
            #expect(reply.text.contains(SOAPVersion.v12.envelopeNamespace))
            let rs = try validated(reply)
            #expect(rs.echoToken == "e-42" && rs.hotelCodes.count == 2)
        }
    }

    @Test("Malformed XML, a wrong root, a version mismatch are SOAP faults", arguments: SOAPVersion.allCases)
    func faults(version: SOAPVersion) async throws {
        try await TestServer.with { server in
            let good = OTARequest.envelope(version)
            let broken = String(good.dropLast(30))
            let wrongRoot = good.replacingOccurrences(of: "OTA_HotelAvailRQ", with: "OTA_HotelSearchRQ")
            for body in [broken, wrongRoot, "<<not xml"] {
                let reply = try await server.otaRaw(body, version: version)
                #expect(reply.status == 500)
                let fault = try #require(faultInEnvelope(reply.body), "\(reply.text)")
                #expect(fault.version == version)
            }
            let mismatch = try await server.otaRaw(OTARequest.envelope(version == .v11 ? .v12 : .v11), version: version)
            #expect(faultInEnvelope(mismatch.body)?.code == .versionMismatch)
        }
    }

    @Test("A DOCTYPE, a body over the cap, a wrong content type and GET without ?wsdl are refused as on /soap")
    func refusals() async throws {
        try await TestServer.with(maxBodySize: 4096) { server in
            let doctype = OTARequest.envelope(.v11).replacingOccurrences(
                of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"b\">]>")
            let refused = try await server.otaRaw(doctype)
            #expect(refused.status == 500 && faultInEnvelope(refused.body)?.code == .client)
            let huge = OTARequest.envelope(.v11, criterion: String(repeating: "<HotelAmenity Code=\"179\"/>", count: 500))
            #expect(try await server.otaRaw(huge).status == 413)
            let wrongType = try await server.request(
                "/ota", method: .POST, headers: [("Content-Type", "application/json")], body: Array(OTARequest.envelope(.v11).utf8))
            #expect(wrongType.status == 415)
            #expect(try await server.request("/ota").status == 405)
            // The log line names the operation.
            _ = try await server.ota()
            #expect(server.logs.entries.contains { $0.metadata["operation"] == "OTA_HotelAvailRQ" })
        }
    }

    // MARK: The WSDL

    @Test("GET /ota?wsdl serves WSDL/OTAHotelAvail.wsdl with this server's address")
    func wsdl() async throws {
        try await TestServer.with { server in
            let reply = try await server.request("/ota?wsdl")
            #expect(reply.status == 200)
            #expect(reply.text.contains("<soap:address location=\"\(server.url)/ota\"/>"))
            #expect(reply.text.contains("<soap12:address location=\"\(server.url)/ota\"/>"))
            #expect(!reply.text.contains("localhost:8080"))
        }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WSDL/OTAHotelAvail.wsdl")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(WSDLDocument.openTravel.text == text, "the served WSDL is the file in WSDL/, byte for byte")
    }

    @Test("The requests these tests send validate against OTA_HotelAvailRQ.xsd")
    func requestsAreValid() throws {
        let schema = try OTASchema.request.get()
        let xml = OTARequest.envelope(
            .v11, root: "EchoToken=\"e\" MaxResponses=\"10\" RequestedCurrency=\"EUR\"",
            criterion: "<Position Latitude=\"37.5\" Longitude=\"127\"/><HotelRef HotelCityCode=\"Seoul\"/>"
                + "<Radius Distance=\"5\" DistanceMeasure=\"Kilometers\"/><HotelAmenity Code=\"179\"/><Award Rating=\"3\"/>",
            segment: "<StayDateRange Start=\"2027-01-10\" End=\"2027-01-12\"/><RateRange MaxRate=\"400\" CurrencyCode=\"USD\"/>")
        let payload = try #require(OTASchema.payload(xml, root: "OTA_HotelAvailRQ"))
        let errors = schema.errors(payload)
        #expect(errors.isEmpty, "\(errors)")
        let ours = try OTASchema.wsdlTypes.get().errors(payload)
        #expect(ours.isEmpty, "not valid by the WSDL's types: \(ours)")
    }

    @Test("The validators themselves (official XSD, our WSDL's types) reject a response out of the schema's order")
    func validatorIsStrict() throws {
        let schema = try OTASchema.response.get()
        let wrong = "<OTA_HotelAvailRS xmlns=\"\(OTA.namespace)\" Version=\"1.0\"><Warnings/><Success/></OTA_HotelAvailRS>"
        #expect(!schema.errors(wrong).isEmpty)
        #expect(schema.errors("<OTA_HotelAvailRS xmlns=\"\(OTA.namespace)\" Version=\"1.0\"><Success/></OTA_HotelAvailRS>").isEmpty)
        let ours = try OTASchema.wsdlTypes.get()
        #expect(!ours.errors(wrong).isEmpty)
        #expect(ours.errors("<OTA_HotelAvailRS xmlns=\"\(OTA.namespace)\" Version=\"1.0\"><Success/></OTA_HotelAvailRS>").isEmpty)
    }

    // MARK: Helpers

    /// The city with the most hotels.
    static func busiestCity(_ catalog: SQLiteCatalog) async throws -> String {
        let hotels = try await catalog.search(HotelQuery(limit: 500)).hotels
        let counts = Dictionary(grouping: hotels, by: \.city).mapValues(\.count)
        return try #require(counts.max(by: { $0.value < $1.value })?.key)
    }
}
