/// Namespaces and operations of our own contract (`WSDL/HotelSearch.wsdl`).
public enum HotelSearchContract {
    /// The target namespace of every element of the contract; our messages bind it to `h:`.
    public static let namespace = "urn:hotel-search:v1"
    /// The namespace of the reserved `xml:` prefix, as in `xml:lang` on a SOAP 1.2 fault's `Text`.
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// An operation of the contract: the Body's element name and the SOAP action that
    /// goes with it. An open set, so a later version of the contract can add one:
    ///
    /// ```swift
    /// switch request.operation {
    /// case .searchHotels?: …
    /// case .getHotel?: …
    /// default: …
    /// }
    /// ```
    public struct Operation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The element name in the Body, e.g. `SearchHotels`.
        public let rawValue: String

        /// An operation by its element name, including one this version does not define.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `SearchHotels`: one page of the hotels matching a `HotelQuery`.
        public static let searchHotels = Operation(rawValue: "SearchHotels")
        /// `GetHotel`: one hotel's details, by `HotelId`.
        public static let getHotel = Operation(rawValue: "GetHotel")

        /// The operations this version of the contract defines.
        public static let all: [Operation] = [.searchHotels, .getHotel]

        /// The `SOAPAction` (1.1) or `action` (1.2) value.
        public var action: String { "\(HotelSearchContract.namespace)#\(rawValue)" }

        /// The element name, e.g. `SearchHotels`.
        public var description: String { rawValue }
    }
}
