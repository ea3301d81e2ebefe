import Foundation
import HotelSOAP
import HotelXML
import Testing

/// Builder → parser is the identity, for any text a field can hold.
@Suite("Builder and parser round trip")
struct RoundTripTests {
    @Test("any query survives SearchHotels builder → parser", arguments: SOAPVersion.allCases)
    func queryRoundTrip(version: SOAPVersion) throws {
        var rng = SplitMix64(seed: 0x4854_4C53 &+ UInt64(version == .v11 ? 1 : 2))
        for _ in 0..<500 {
            let query = RandomText.query(&rng)
            let request = try SOAPRequestBuilder(version: version).searchHotels(query)
            let parsed = try SOAPMessageParser.parse(request.body)
            #expect(parsed.version == version)
            #expect(parsed.message == .searchHotels(query), "query \(query)")
        }
    }

    @Test("any hotel id survives GetHotel builder → parser")
    func getHotelRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let id = RandomText.string(&rng)
            let request = try SOAPRequestBuilder(version: .v12).getHotel(id: id)
            #expect(try SOAPMessageParser.parse(request.body).message == .getHotel(id: id))
        }
    }

    @Test("any page of hotels survives response writer → parser", arguments: SOAPVersion.allCases)
    func pageRoundTrip(version: SOAPVersion) throws {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<50 {
            let hotels = (0..<Int.random(in: 0...20, using: &rng)).map { _ in RandomText.hotel(&rng) }
            let page = SearchPage(totalCount: 1000, offset: 40, hotels: hotels)
            let body = try SOAPResponseWriter.searchResults(page, version: version)
            #expect(try SOAPMessageParser.parseSearchPage(body) == page)
        }
    }

    @Test("hotel details and faults survive writer → parser")
    func detailAndFaultRoundTrip() throws {
        var rng = SplitMix64(seed: 3)
        let detail = HotelDetail(
            hotel: RandomText.hotel(&rng), description: "Line 1\r\nLine 2 & <more>", imageURLs: ["http://x/1.png", "http://x/2.png"])
        #expect(try SOAPMessageParser.parseHotelDetail(SOAPResponseWriter.hotelDetail(detail, version: .v11)) == detail)
        for version in SOAPVersion.allCases {
            let code = SOAPFault.Code.sender(in: version)
            let fault = SOAPFault(
                version: version, code: code, subcode: version == .v12 ? .invalidValue : nil,
                reason: "Limit must be 1…500 & not \"0\"",
                detail: SearchFault(code: .invalidValue, message: "Limit must be 1…500", field: "Limit"))
            let parsed = try SOAPMessageParser.parse(SOAPResponseWriter.fault(fault))
            #expect(parsed.message == .fault(fault))
        }
    }

    @Test(
        "characters XML 1.0 cannot carry are refused, naming the field",
        arguments: ["\u{0}", "\u{1B}[31m", "\u{7}", "\u{FFFE}", "\u{FFFF}"])
    func forbiddenCharacters(_ bad: String) throws {
        let builder = SOAPRequestBuilder()
        let error = #expect(throws: XMLWriterError.self) { try builder.searchHotels(HotelQuery(city: "Seoul", name: "Inn\(bad)")) }
        #expect(error?.field == "Name")
        #expect(error?.description.contains("Name") == true)
        let amenity = #expect(throws: XMLWriterError.self) { try builder.searchHotels(HotelQuery(amenities: ["wifi", bad])) }
        #expect(amenity?.field == "Amenity")
    }

    @Test("non-finite coordinates are refused")
    func nonFinite() {
        let error = #expect(throws: XMLWriterError.self) {
            try SOAPRequestBuilder().searchHotels(HotelQuery(near: GeoCircle(latitude: .nan, longitude: 0, radiusKm: 1)))
        }
        #expect(error?.field == "Near/Latitude")
    }
}
