/// Any message of the contract, as the parser recognized it from the `Body`'s child.
public enum SOAPMessage: Sendable, Equatable {
    case searchHotels(HotelQuery)
    case getHotel(id: String)
    case searchResults(SearchPage)
    case hotelDetail(HotelDetail)
    case fault(SOAPFault)
}

/// A parsed envelope: which SOAP version wrapped the message, and the message.
public struct SOAPEnvelope: Sendable, Equatable {
    public var version: SOAPVersion
    public var message: SOAPMessage

    public init(version: SOAPVersion, message: SOAPMessage) {
        self.version = version
        self.message = message
    }
}
