import HotelSOAP
import Testing

/// Clients generated from a WSDL without wsam:Action compute WS-Addressing's default action
/// (namespace, portType, input name) instead of our soapAction. Each such form names the same
/// operation as the body and is accepted; any action naming something else is still refused.
@Suite("Interop: WS-Addressing default actions")
struct ActionInteropTests {
    static let searchBody = """
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
        <SearchHotels xmlns="urn:hotel-search:v1"><Limit>1</Limit></SearchHotels></soap:Body></soap:Envelope>
        """
    static let search12Body = """
        <env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body>\
        <SearchHotels xmlns="urn:hotel-search:v1"><Limit>1</Limit></SearchHotels></env:Body></env:Envelope>
        """

    static func body(_ version: SOAPVersion) -> String { version == .v11 ? searchBody : search12Body }

    @Test(
        "a default action for SearchHotels is SearchHotels",
        arguments: [SOAPVersion.v11, .v12],
        [
            "urn:hotel-search:v1:HotelSearchPort:SearchHotelsRequest",  // WS-Addressing Metadata 4.4.4, URN namespace
            "urn:hotel-search:v1/HotelSearchPort/SearchHotelsRequest",  // the same with "/", as most stacks join
            "urn:hotel-search:v1/HotelSearchPort/SearchHotels",  // what gSOAP's wsdl2h derived before wsam:Action
        ])
    func defaultActionAccepted(version: SOAPVersion, action: String) async throws {
        try await TestServer.with { server in
            let reply = try await server.post(raw: Self.body(version), version: version, action: action)
            #expect(reply.status == 200, "\(reply.text)")
            #expect(try SOAPMessageParser.parseSearchPage(reply.body).hotels.count == 1)
        }
    }

    @Test(
        "an action naming another operation or contract is refused",
        arguments: [SOAPVersion.v11, .v12],
        [
            "urn:hotel-search:v1/HotelSearchPort/GetHotel",
            "urn:hotel-search:v1:HotelSearchPort:GetHotelRequest",
            "urn:hotel-search:v1/OtherPort/SearchHotels",
            "urn:hotel-search:v2/HotelSearchPort/SearchHotels",
            "urn:hotel-search:v1/HotelSearchPort/SearchHotelsResponse",
            "urn:hotel-search:v1#GetHotel",
        ])
    func otherActionRefused(version: SOAPVersion, action: String) async throws {
        try await TestServer.with { server in
            let reply = try await server.post(raw: Self.body(version), version: version, action: action)
            #expect(reply.status != 200)
            #expect(throws: SOAPFault.self) { try SOAPMessageParser.parseSearchPage(reply.body) }
            #expect(reply.text.contains("UnknownOperation"), "\(reply.text)")
        }
    }
}
