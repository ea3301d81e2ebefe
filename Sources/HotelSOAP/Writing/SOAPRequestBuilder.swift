import Foundation
import HotelXML

/// Writes the requests of the contract as SOAP 1.1 or 1.2 envelopes.
///
/// ```swift
/// let builder = SOAPRequestBuilder(version: .v12)
/// let request = try builder.searchHotels(HotelQuery(city: "Kyoto", limit: 20))
/// // POST request.body with request.headers to the endpoint
/// ```
///
/// Every text value is escaped; a value holding a character XML 1.0 cannot carry throws
/// an `XMLWriterError` naming the field, rather than sending a request the server would reject.
public struct SOAPRequestBuilder: Sendable {
    /// The SOAP version of the envelopes it writes.
    public var version: SOAPVersion

    /// A builder for `version`, SOAP 1.1 unless told otherwise.
    public init(version: SOAPVersion = .v11) {
        self.version = version
    }

    /// A `SearchHotels` request with every field `query` sets. Ranges are not checked
    /// here: the service answers an out-of-range value with an `InvalidValue` fault.
    public func searchHotels(_ query: HotelQuery) throws(XMLWriterError) -> SOAPRequest {
        var xml = XMLWriter()
        Envelope.open(&xml, version: version)
        xml.open("h:SearchHotels", ["xmlns:h": HotelSearchContract.namespace])
        // Order follows the schema's xsd:sequence; a validating server rejects any other.
        if let city = query.city { try xml.element("h:City", city, field: "City") }
        if let name = query.name { try xml.element("h:Name", name, field: "Name") }
        if let near = query.near {
            xml.open("h:Near")
            try xml.element("h:Latitude", near.latitude, field: "Near/Latitude")
            try xml.element("h:Longitude", near.longitude, field: "Near/Longitude")
            try xml.element("h:RadiusKm", near.radiusKm, field: "Near/RadiusKm")
            xml.close("h:Near")
        }
        if let minStars = query.minStars { xml.element("h:MinStars", trusted: String(minStars)) }
        if let maxPrice = query.maxPrice { xml.element("h:MaxPrice", trusted: maxPrice.plainText) }
        if let currency = query.currency { try xml.element("h:Currency", currency, field: "Currency") }
        if let checkIn = query.checkIn { xml.element("h:CheckIn", trusted: checkIn.description) }
        if let checkOut = query.checkOut { xml.element("h:CheckOut", trusted: checkOut.description) }
        if let guests = query.guests { xml.element("h:Guests", trusted: String(guests)) }
        for amenity in query.amenities { try xml.element("h:Amenity", amenity, field: "Amenity") }
        if let sortBy = query.sortBy { xml.element("h:SortBy", trusted: sortBy.rawValue) }
        if let offset = query.offset { xml.element("h:Offset", trusted: String(offset)) }
        if let limit = query.limit { xml.element("h:Limit", trusted: String(limit)) }
        xml.close("h:SearchHotels")
        Envelope.close(&xml, version: version)
        return SOAPRequest(version: version, action: HotelSearchContract.Operation.searchHotels.action, body: xml.bytes)
    }

    /// A `GetHotel` request for the hotel with this `HotelId`.
    public func getHotel(id: String) throws(XMLWriterError) -> SOAPRequest {
        var xml = XMLWriter(capacity: 320)
        Envelope.open(&xml, version: version)
        xml.open("h:GetHotel", ["xmlns:h": HotelSearchContract.namespace])
        try xml.element("h:HotelId", id, field: "HotelId")
        xml.close("h:GetHotel")
        Envelope.close(&xml, version: version)
        return SOAPRequest(version: version, action: HotelSearchContract.Operation.getHotel.action, body: xml.bytes)
    }
}

/// The envelope around a body: the same for requests and responses (and for dialect files' requests).
package enum Envelope {
    package static func prefix(_ version: SOAPVersion) -> String { version == .v11 ? "soap" : "env" }

    package static func open(_ xml: inout XMLWriter, version: SOAPVersion) {
        let p = prefix(version)
        xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        xml.raw("<\(p):Envelope xmlns:\(p)=\"\(version.envelopeNamespace)\"><\(p):Body>")
    }

    package static func close(_ xml: inout XMLWriter, version: SOAPVersion) {
        let p = prefix(version)
        xml.raw("</\(p):Body></\(p):Envelope>")
    }
}

extension Decimal {
    /// `xsd:decimal` text: plain digits, never exponent notation.
    var plainText: String { description }
}
