import Foundation
import HotelSOAP
import Testing

/// zeep, a SOAP stack that builds its messages from the WSDL alone, drives `POST /ota` from
/// `GET /ota?wsdl`: if our WSDL and our answers disagree anywhere, zeep's strict parser
/// says so. What zeep reads must be what our own OpenTravel reader reads.
@Suite("Interop with zeep on /ota (OpenTravel)")
struct ZeepOTAInteropTests {
    /// The criteria of `zeep_ota_client.py`, written out again as our XML.
    static let city = "Seoul"
    static let stay = """
        <StayDateRange Start="2027-03-01" End="2027-03-04"/>
        """
    static let candidates = """
        <RoomStayCandidates><RoomStayCandidate Quantity="1"><GuestCounts>\
        <GuestCount AgeQualifyingCode="10" Count="2"/></GuestCounts></RoomStayCandidate></RoomStayCandidates>
        """

    @Test("zeep's hotels, cheapest totals, tokens and Errors match our reader's, over SOAP 1.1 and 1.2, two pages each")
    func zeepMatchesOurReader() async throws {
        try await ForeignClient.require("zeep", check: "python3 -c 'import zeep'")
        let catalog = try TestCatalog.open()
        let centre = try #require(try await catalog.search(HotelQuery(city: Self.city, limit: 1)).hotels.first)
        let (latitude, longitude) = ("\(centre.latitude)", "\(centre.longitude)")
        try await TestServer.with(catalog: catalog) { (server: TestServer) async throws in
            // Suspends while zeep runs: the in-process server needs the cooperative threads to answer it.
            let output = try await ForeignClient.run([
                "python3", ForeignClient.script("zeep_ota_client.py"), server.url + "/ota?wsdl", Self.city, latitude, longitude,
            ])
            let zeep = try ForeignClient.json(output, from: "zeep")

            let searches: [(key: String, version: SOAPVersion, root: String, criterion: String, segment: String)] = [
                (
                    "city11", .v11, #"MaxResponses="4" RequestedCurrency="EUR""#,
                    #"<HotelRef HotelCityCode="\#(Self.city)"/><Award Rating="3"/>"#, Self.stay + Self.candidates
                ),
                (
                    "near12", .v12, #"MaxResponses="6""#,
                    #"<Position Latitude="\#(latitude)" Longitude="\#(longitude)"/><Radius Distance="800" DistanceMeasure="Kilometers"/>"#,
                    Self.stay + #"<RateRange MaxRate="250" CurrencyCode="USD"/>"# + Self.candidates
                ),
            ]
            for search in searches {
                let theirs = try #require(zeep[search.key] as? [String: Any], "zeep printed no \(search.key)")
                let sent = theirs["contentType"] as? String ?? ""
                #expect(sent.hasPrefix(search.version.mediaType), "zeep's \(search.key) went as \(sent), not SOAP \(search.version)")

                let first = try await Self.ours(server, search.version, search.root, search.criterion, search.segment)
                let size = search.key == "city11" ? 4 : 6
                // A full first page and a second one: the criteria narrow the catalog but still page.
                try #require(first.count == size, "\(search.key): our first page has \(first.count) hotels")
                guard case .token(let token)? = first.next else {
                    Issue.record("\(search.key): our first page has no continuation")
                    continue
                }
                let theirFirst = try #require(theirs["first"] as? [String: Any], "\(search.key): zeep read no first page")
                try Self.expect(theirFirst, matches: first, next: token, "\(search.key) page 1")

                let second = try await Self.ours(
                    server, search.version, search.root, search.criterion, search.segment, token: token)
                #expect(second.count > 0, "\(search.key): our second page is empty")
                #expect(Set(second.hotels.map(\.id)).isDisjoint(with: first.hotels.map(\.id)), "\(search.key): pages overlap")
                let theirSecond = try #require(theirs["second"] as? [String: Any], "\(search.key): zeep did not follow the token")
                let nextToken: String? = if case .token(let t)? = second.next { t } else { nil }
                try Self.expect(theirSecond, matches: second, next: nextToken, "\(search.key) page 2")
            }

            // Refusals come as OTA Errors in a 200 response, not as faults: zeep must see them
            // as the response's Errors element, with what our reader reports.
            let refusals: [(key: String, version: SOAPVersion, root: String, criterion: String, code: String)] = [
                ("unknownHotel11", .v11, "", #"<HotelRef HotelCode="H9999999"/>"#, "392"),
                ("badCurrency12", .v12, #"RequestedCurrency="XYZ""#, #"<HotelRef HotelCityCode="\#(Self.city)"/>"#, "61"),
            ]
            for refusal in refusals {
                let reply = try await server.otaRaw(
                    OTARequest.envelope(refusal.version, root: refusal.root, criterion: refusal.criterion), version: refusal.version)
                let ours: OTAErrorResponse
                do {
                    let reader = OTADialect().responseReader(onHotel: nil)
                    try reader.feed(reply.body)
                    _ = try reader.finish()
                    Issue.record("\(refusal.key): our reader found no Errors in \(reply.text.prefix(400))")
                    continue
                } catch let error as OTAErrorResponse {
                    ours = error
                }
                #expect(ours.errors.map(\.code) == [refusal.code], "\(refusal.key): \(ours)")
                let theirs = try #require(zeep[refusal.key] as? [String: Any], "zeep printed no \(refusal.key)")
                let errors = try #require(theirs["errors"] as? [[String: Any]], "\(refusal.key): zeep saw no Errors element")
                #expect(errors.map { $0["code"] as? String } == ours.errors.map(\.code), "\(refusal.key): Error@Code")
                #expect(errors.map { $0["type"] as? String } == ours.errors.map(\.type), "\(refusal.key): Error@Type")
                #expect(errors.map { $0["text"] as? String } == ours.errors.map(\.text), "\(refusal.key): Error text")
                #expect((theirs["stays"] as? [Any])?.isEmpty == true, "\(refusal.key): zeep read RoomStays beside Errors")
            }
        }
    }

    /// One page as our client reads it: posted as our XML, read by the OpenTravel dialect.
    static func ours(
        _ server: TestServer, _ version: SOAPVersion, _ root: String, _ criterion: String, _ segment: String, token: String? = nil
    ) async throws -> ResultPage {
        let attributes = token.map { #"MoreDataEchoToken="\#($0)""# } ?? ""
        let xml = OTARequest.envelope(version, root: root, segmentAttributes: attributes, criterion: criterion, segment: segment)
        let reply = try await server.otaRaw(xml, version: version)
        try #require(reply.status == 200, "HTTP \(reply.status): \(reply.text.prefix(500))")
        let reader = OTADialect().responseReader(onHotel: nil)
        try reader.feed(reply.body)
        return try reader.finish().page()
    }

    /// zeep prints every RoomStay; a hotel is a run of RoomStays with one HotelCode, priced
    /// at the cheapest Total, which is the rule our reader is documented to follow.
    static func expect(_ theirs: [String: Any], matches ours: ResultPage, next: String?, _ context: String) throws {
        #expect(theirs["errors"] is NSNull, "\(context): zeep saw Errors")
        let stays = try #require(theirs["stays"] as? [[String: Any]], "\(context): zeep read no RoomStays")
        var hotels: [(code: String, name: String, price: Money)] = []
        for stay in stays {
            let code = stay["hotelCode"] as? String ?? ""
            let places = stay["decimalPlaces"] as? Int ?? -1
            let minor = try #require(Decimal(string: stay["amountAfterTax"] as? String ?? ""), "\(context): Total of \(code)")
            let price = Money(
                Decimal(sign: minor.sign, exponent: -places, significand: minor.magnitude), stay["currencyCode"] as? String ?? "")
            if let last = hotels.last, last.code == code {
                if price.amount < last.price.amount { hotels[hotels.count - 1].price = price }
            } else {
                hotels.append((code, stay["hotelName"] as? String ?? "", price))
            }
        }
        #expect(hotels.map(\.code) == ours.hotels.map(\.id), "\(context): HotelCodes")
        #expect(hotels.map(\.name) == ours.hotels.map(\.name), "\(context): HotelNames")
        #expect(hotels.map(\.price.amount) == ours.hotels.map(\.price.amount), "\(context): cheapest Totals")
        #expect(hotels.map(\.price.currency) == ours.hotels.map(\.price.currency), "\(context): CurrencyCodes")
        #expect(
            stays.allSatisfy { $0["decimalPlaces"] as? Int == ours.hotels.first?.price.scale }, "\(context): DecimalPlaces")
        // The token zeep read (on the last RoomStay) is the one our reader follows, and the
        // server, reading zeep's request as it reads ours, signed the same criteria.
        #expect((stays.last?["moreDataEchoToken"] as? String) == next, "\(context): MoreDataEchoToken")
        #expect((theirs["moreIndicator"] as? String) == next, "\(context): MoreIndicator")
    }
}
