import Foundation
import HotelSOAP
import Testing

/// What our own client reads from the server for the calls every foreign client script
/// makes (`Interop/*_client.*`), and the comparison of a script's JSON with it.
///
/// The scripts print one shape: `byCity` and `near` pages, `detail`, `fault`. Their
/// queries are written out again in each script; these are the same filters.
struct InteropReference {
    /// A filter on a text field, a bound, an enum sort and a limit.
    static let byCity = HotelQuery(city: "Seoul", minStars: 2, sortBy: .price, limit: 10)
    /// A nested complex type, a repeated element and the optional DistanceKm in the answer.
    static let near = HotelQuery(
        near: GeoCircle(latitude: 35.6762, longitude: 139.6503, radiusKm: 15), amenities: ["wifi"], sortBy: .distance, limit: 10)
    static let unknownID = "H-no-such-hotel"

    let knownID: String
    let byCity: SearchPage
    let near: SearchPage
    let detail: HotelDetail
    let fault: SOAPFault

    /// Asks the server in `version`; the queries must narrow the catalog, or a client that
    /// dropped a filter would still match.
    static func read(from server: TestServer, version: SOAPVersion) async throws -> InteropReference {
        let builder = SOAPRequestBuilder(version: version)
        let all = try SOAPMessageParser.parseSearchPage(try await server.post(try builder.searchHotels(HotelQuery(limit: 1))).body)
        let knownID = try #require(all.hotels.first?.id)
        let byCity = try SOAPMessageParser.parseSearchPage(try await server.post(try builder.searchHotels(Self.byCity)).body)
        let near = try SOAPMessageParser.parseSearchPage(try await server.post(try builder.searchHotels(Self.near)).body)
        for page in [byCity, near] {
            try #require(!page.hotels.isEmpty && page.totalCount < all.totalCount, "the test catalog must make these filters matter")
        }
        let detail = try SOAPMessageParser.parseHotelDetail(try await server.post(try builder.getHotel(id: knownID)).body)
        let faultReply = try await server.post(try builder.getHotel(id: Self.unknownID))
        let fault: SOAPFault
        do {
            _ = try SOAPMessageParser.parseHotelDetail(faultReply.body)
            Issue.record("GetHotel of \(Self.unknownID) answered without a fault")
            throw InteropError(description: "no fault to compare with")
        } catch let error as SOAPFault {
            fault = error
        }
        return InteropReference(knownID: knownID, byCity: byCity, near: near, detail: detail, fault: fault)
    }

    /// Expects `theirs` (a script's JSON) to hold what our parser read, field by field.
    func expectMatches(_ theirs: [String: Any], stack: String) throws {
        for (key, ours) in [("byCity", byCity), ("near", near)] {
            let page = try #require(theirs[key] as? [String: Any], "\(stack): no \(key)")
            #expect(page["totalCount"] as? Int == ours.totalCount, "\(stack) \(key): TotalCount")
            #expect(page["offset"] as? Int == ours.offset, "\(stack) \(key): Offset")
            let hotels = try #require(page["hotels"] as? [[String: Any]], "\(stack) \(key): no hotels")
            #expect(hotels.count == ours.hotels.count, "\(stack) \(key): hotel count")
            for (their, our) in zip(hotels, ours.hotels) { expect(their, matches: our, "\(stack) \(key)") }
        }

        let detail = try #require(theirs["detail"] as? [String: Any], "\(stack): no detail")
        expect(try #require(detail["hotel"] as? [String: Any], "\(stack): no detail hotel"), matches: self.detail.hotel, "\(stack) detail")
        #expect(detail["description"] as? String == self.detail.description, "\(stack) detail: Description")
        #expect(detail["imageURLs"] as? [String] == self.detail.imageURLs, "\(stack) detail: ImageURL")

        // Prefixes are the stack's own ("soap:Client", "SOAP-ENV:Sender"); the local name is ours.
        let fault = try #require(theirs["fault"] as? [String: Any], "\(stack): GetHotel of an unknown id raised no fault")
        let code = fault["code"] as? String ?? ""
        #expect(code == self.fault.code.rawValue || code.hasSuffix(":\(self.fault.code.rawValue)"), "\(stack) fault code \(code)")
        #expect(fault["reason"] as? String == self.fault.reason, "\(stack) fault string")
        #expect(fault["detailCode"] as? String == self.fault.detail?.code.rawValue, "\(stack) fault detail Code")
        #expect(fault["field"] as? String == self.fault.detail?.field, "\(stack) fault detail Field")
    }

    private func expect(_ their: [String: Any], matches our: HotelInfo, _ context: String) {
        #expect(their["id"] as? String == our.id, "\(context): HotelId")
        #expect(their["name"] as? String == our.name, "\(context): Name of \(our.id)")
        #expect(their["stars"] as? Int == our.stars, "\(context): Stars of \(our.id)")
        #expect(Decimal(string: their["price"] as? String ?? "") == our.price.amount, "\(context): Price of \(our.id)")
        #expect(their["currency"] as? String == our.price.currency, "\(context): currency of \(our.id)")
        #expect(their["amenities"] as? [String] == our.amenities, "\(context): Amenity of \(our.id)")
        if let distance = our.distanceKm {
            #expect(abs((their["distanceKm"] as? Double ?? -1) - distance) < 1e-9, "\(context): DistanceKm of \(our.id)")
        } else {
            #expect(their["distanceKm"] == nil || their["distanceKm"] is NSNull, "\(context): DistanceKm of \(our.id)")
        }
    }
}
