import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

/// Another SOAP stack, Python's zeep, drives the service from its served WSDL; what it
/// sees must be what our own client parses.
@Suite("Interop with zeep")
struct ZeepInteropTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Interop/zeep_client.py").path

    @Test("zeep's results match our parser's for SOAP 1.1 and 1.2, GetHotel and a fault")
    func zeepMatchesOurs() async throws {
        // A test installs nothing: a machine without zeep fails here, saying what to run.
        try await ForeignClient.require("zeep", check: "python3 -c 'import zeep'")
        try await TestServer.with { (server: TestServer) async throws in
            let first = try SOAPMessageParser.parseSearchPage(
                try await server.post(try SOAPRequestBuilder().searchHotels(HotelQuery(limit: 1))).body)
            let knownID = try #require(first.hotels.first?.id)
            // Suspends while zeep runs: the in-process server needs the cooperative threads to answer it.
            let output = try await ForeignClient.run(["python3", Self.script, server.url + "/wsdl", knownID])
            let zeep = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])

            let queries: [(String, SOAPVersion, HotelQuery)] = [
                ("byCity", .v11, HotelQuery(city: "Seoul", minStars: 2, sortBy: .price, limit: 10)),
                (
                    "near12", .v12,
                    HotelQuery(
                        near: GeoCircle(latitude: 35.6762, longitude: 139.6503, radiusKm: 15), amenities: ["wifi"], sortBy: .distance,
                        offset: 0, limit: 10)
                ),
                ("named", .v11, HotelQuery(name: "hotel", maxPrice: Decimal(300), currency: "USD", sortBy: .name, limit: 10)),
            ]
            for (key, version, query) in queries {
                let ours = try SOAPMessageParser.parseSearchPage(
                    try await server.post(try SOAPRequestBuilder(version: version).searchHotels(query)).body)
                let theirs = try #require(zeep[key] as? [String: Any])
                #expect(theirs["totalCount"] as? Int == ours.totalCount, "\(key)")
                let hotels = try #require(theirs["hotels"] as? [[String: Any]])
                #expect(hotels.count == ours.hotels.count, "\(key)")
                #expect(!ours.hotels.isEmpty, "\(key) should find hotels in the test catalog")
                for (z, o) in zip(hotels, ours.hotels) {
                    #expect(z["id"] as? String == o.id)
                    #expect(z["name"] as? String == o.name)
                    #expect(z["stars"] as? Int == o.stars)
                    #expect(Decimal(string: z["price"] as? String ?? "") == o.price.amount)
                    #expect(z["currency"] as? String == o.price.currency)
                    #expect(z["amenities"] as? [String] == o.amenities)
                    if let d = o.distanceKm { #expect(abs((z["distanceKm"] as? Double ?? -1) - d) < 1e-9) }
                }
            }
            let detail = try #require(zeep["detail"] as? [String: Any])
            let ourDetail = try SOAPMessageParser.parseHotelDetail(
                try await server.post(try SOAPRequestBuilder(version: .v12).getHotel(id: knownID)).body)
            #expect(detail["description"] as? String == ourDetail.description)
            #expect((detail["hotel"] as? [String: Any])?["name"] as? String == ourDetail.hotel.name)

            let fault = try #require(zeep["fault"] as? [String: Any])
            #expect(fault["detailCode"] as? String == "InvalidValue")
            #expect(fault["field"] as? String == "Limit")
            #expect((fault["code"] as? String)?.hasSuffix("Client") == true)
        }
    }
}
