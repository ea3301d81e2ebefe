/// The contract, `WSDL/HotelSearch.wsdl`, served at `GET /wsdl` and `GET /soap?wsdl` with
/// its `soap:address` pointing at the address clients reach this server by.
public enum WSDLDocument {
    static let placeholderLocation = "http://localhost:8080/soap"

    /// The WSDL with every endpoint address set to `endpoint`.
    public static func text(endpoint: String) -> String {
        text.replacingOccurrences(of: "location=\"\(placeholderLocation)\"", with: "location=\"\(escaped(endpoint))\"")
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "<", with: "&lt;")
    }
}
