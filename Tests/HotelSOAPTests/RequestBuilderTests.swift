import Foundation
import HotelSOAP
import Testing

@Suite("Envelope builder")
struct RequestBuilderTests {
    @Test("SOAP 1.1 headers: text/xml and a quoted SOAPAction")
    func soap11Headers() throws {
        let request = try SOAPRequestBuilder(version: .v11).searchHotels(HotelQuery(city: "Oslo"))
        let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
        #expect(headers["Content-Type"] == "text/xml; charset=utf-8")
        #expect(headers["SOAPAction"] == "\"urn:hotel-search:v1#SearchHotels\"")
    }

    @Test("SOAP 1.2 headers: the action travels in the content type, no SOAPAction header")
    func soap12Headers() throws {
        let request = try SOAPRequestBuilder(version: .v12).getHotel(id: "H1")
        let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
        #expect(headers["Content-Type"] == "application/soap+xml; charset=utf-8; action=\"urn:hotel-search:v1#GetHotel\"")
        #expect(headers["SOAPAction"] == nil)
    }

    @Test("built requests validate against the WSDL schema", arguments: SOAPVersion.allCases)
    func builtRequestsValidate(version: SOAPVersion) throws {
        let validator = try SchemaValidator(wsdl: Fixtures.wsdl)
        let full = HotelQuery(
            city: "Seoul", name: "Grand & <Co>", near: GeoCircle(latitude: 37.56, longitude: 126.97, radiusKm: 5),
            minStars: 3, maxPrice: Decimal(string: "250.50"), currency: "KRW",
            checkIn: CalendarDate("2026-12-01"), checkOut: CalendarDate("2026-12-03"), guests: 2,
            amenities: ["wifi", "pool"], sortBy: .distance, offset: 100, limit: 50)
        let builder = SOAPRequestBuilder(version: version)
        for query in [full, HotelQuery()] {
            try validator.validateMessage(Data(try builder.searchHotels(query).body))
        }
        try validator.validateMessage(Data(try builder.getHotel(id: "H000123").body))
    }

    @Test("built responses validate against the WSDL schema", arguments: SOAPVersion.allCases)
    func builtResponsesValidate(version: SOAPVersion) throws {
        let validator = try SchemaValidator(wsdl: Fixtures.wsdl)
        let hotel = HotelInfo(
            id: "H1", name: "Hotel", address: "Street 1", city: "Oslo", country: "NO", latitude: 59.9,
            longitude: 10.7, stars: 4, price: Money(Decimal(1234.5), "NOK"), distanceKm: 1.25,
            logoURL: "http://127.0.0.1/logos/H1.png", phone: "+47 1", amenities: ["wifi"])
        try validator.validateMessage(
            Data(try SOAPResponseWriter.searchResults(SearchPage(totalCount: 1, offset: 0, hotels: [hotel]), version: version)))
        try validator.validateMessage(
            Data(
                try SOAPResponseWriter.hotelDetail(
                    HotelDetail(hotel: hotel, description: "d", imageURLs: ["http://x/1.png"]), version: version)))
        let fault = SOAPFault(
            version: version, code: .sender(in: version), reason: "bad",
            detail: SearchFault(code: .invalidValue, message: "bad", field: "Limit"))
        try validator.validateMessage(Data(SOAPResponseWriter.fault(fault)))
    }
}
