import Foundation
import HotelDialectFiles
import HotelSOAP
import HotelTestSupport
import Testing

/// `Dialects/hotel-search.yaml`'s request templates write what `SOAPRequestBuilder` writes:
/// the same `SearchHotels` and `GetHotel` elements, in the same order, with the same values
/// (whitespace between tags aside, which the template has for reading), and the same action.
@Suite("Dialects/hotel-search.yaml: the built-in dialect's requests")
struct DialectFileRequestTests {
    static func ours() throws -> DialectFile {
        try DialectFile.load(contentsOf: Repository.path("Dialects/hotel-search.yaml"))
    }

    /// The message element `name` of an envelope, whitespace between tags removed.
    static func message(_ name: String, in body: [UInt8]) throws -> String {
        let text = String(decoding: body, as: UTF8.self)
        let start = try #require(text.range(of: "<h:\(name)"), "no <h:\(name) in \(text)")
        let end = try #require(text.range(of: "</h:\(name)>", options: .backwards), "no </h:\(name)> in \(text)")
        let element = String(text[start.lowerBound..<end.upperBound])
        return element.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
    }

    /// A query with every criterion our contract takes (the Samples/requests/search-soap11.xml
    /// one), none, and values to escape with a 0 that must still be sent.
    static let queries: [HotelQuery] = [
        HotelQuery(
            city: "Seoul", near: GeoCircle(latitude: 37.5665, longitude: 126.978, radiusKm: 2.5), minStars: 3,
            maxPrice: Decimal(250_000), currency: "KRW", checkIn: CalendarDate("2026-12-01"), checkOut: CalendarDate("2026-12-04"),
            guests: 2, amenities: ["wifi", "breakfast"], sortBy: .price),
        HotelQuery(),
        HotelQuery(name: "Smith & Sons <Mitte", minStars: 0, maxPrice: Decimal(string: "89.50"), sortBy: .relevance),
    ]

    @Test("SearchHotels: the builder's elements and values, page by page", arguments: queries)
    func search(_ query: HotelQuery) throws {
        let file = try Self.ours()
        for page in [PageRequest.first(size: 50), PageRequest(start: .offset(40), size: 20)] {
            let built = try HotelSearchDialect().searchRequest(query, page: page, version: .v11)
            let templated = try file.searchRequest(query, page: page, version: .v11)
            #expect(try Self.message("SearchHotels", in: templated.body) == Self.message("SearchHotels", in: built.body))
            #expect(templated.action == built.action)
        }
    }

    @Test("GetHotel: the builder's element and action")
    func detail() throws {
        let file = try Self.ours()
        let built = try HotelSearchDialect().detailRequest(hotelID: "H000123", version: .v11)
        let templated = try file.detailRequest(hotelID: "H000123", version: .v11)
        #expect(try Self.message("GetHotel", in: templated.body) == Self.message("GetHotel", in: built.body))
        #expect(templated.action == built.action)
    }
}
