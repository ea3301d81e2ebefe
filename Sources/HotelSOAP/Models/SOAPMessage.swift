/// Any message of the contract, as the parser recognized it from the `Body`'s child.
///
/// ```swift
/// switch try SOAPMessageParser.parse(body).message {
/// case .searchHotels(let query): …
/// case .getHotel(let id): …
/// case .fault(let fault): throw fault
/// default: …
/// }
/// ```
public enum SOAPMessage: Sendable, Equatable {
    /// A `SearchHotels` request: what a server receives.
    case searchHotels(HotelQuery)
    /// A `GetHotel` request for the hotel with this `HotelId`.
    case getHotel(id: String)
    /// A `SearchHotelsResponse`; its `hotels` are empty when they went to `onHotel`.
    case searchResults(SearchPage)
    /// A `GetHotelResponse`.
    case hotelDetail(HotelDetail)
    /// A SOAP fault, 1.1 or 1.2.
    case fault(SOAPFault)
}

/// A parsed envelope: which SOAP version wrapped the message, and the message.
///
/// ```swift
/// let envelope = try SOAPMessageParser.parse(body)
/// // Answer in the version the request came in.
/// let fault = SOAPFault(version: envelope.version, code: .sender(in: envelope.version), reason: "…")
/// let response = SOAPResponseWriter.fault(fault)
/// ```
public struct SOAPEnvelope: Sendable, Equatable {
    /// The version the `Envelope`'s namespace names.
    public var version: SOAPVersion
    /// The message in the `Body`.
    public var message: SOAPMessage

    /// A message in an envelope of `version`.
    public init(version: SOAPVersion, message: SOAPMessage) {
        self.version = version
        self.message = message
    }
}
