/// The `Code` of a `SearchFault` detail (`WSDL/HotelSearch.wsdl`), and the SOAP 1.2
/// subcode our service sends with it.
///
/// An open set: a newer service may send a code this version does not name, and it
/// arrives intact in `rawValue`.
///
/// ```swift
/// switch fault.detail?.code {
/// case .notFound?: print("no such hotel")
/// case .invalidValue?: print("fix \(fault.detail?.field ?? "the request")")
/// default: print(fault)
/// }
/// ```
public struct SearchFaultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `Code` text, e.g. `InvalidValue`.
    public let rawValue: String

    /// A code by its text, including one this version does not name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A field holds a value outside its range, or of the wrong type.
    public static let invalidValue = SearchFaultCode(rawValue: "InvalidValue")
    /// Not a well-formed SOAP request: bad XML, wrong content type, a DOCTYPE.
    public static let malformedRequest = SearchFaultCode(rawValue: "MalformedRequest")
    /// The Body holds no operation of the contract, or the action contradicts it.
    public static let unknownOperation = SearchFaultCode(rawValue: "UnknownOperation")
    /// `GetHotel` named a hotel the catalog does not have.
    public static let notFound = SearchFaultCode(rawValue: "NotFound")
    /// The request body is over the service's size limit.
    public static let requestTooLarge = SearchFaultCode(rawValue: "RequestTooLarge")
    /// The service failed; the message quotes the request id it logged.
    public static let `internal` = SearchFaultCode(rawValue: "Internal")

    /// The `Code` text, e.g. `InvalidValue`.
    public var description: String { rawValue }
}
