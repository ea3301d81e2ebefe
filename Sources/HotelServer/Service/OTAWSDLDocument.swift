/// `WSDL/OTAHotelAvail.wsdl`, served at `GET /ota?wsdl` with its `soap:address` and
/// `soap12:address` pointing at this server's `/ota`.
public enum OTAWSDLDocument {
    static let placeholderLocation = "http://localhost:8080/ota"

    /// The WSDL with every endpoint address set to `endpoint`.
    public static func text(endpoint: String) -> String {
        text.replacingOccurrences(of: "location=\"\(placeholderLocation)\"", with: "location=\"\(escaped(endpoint))\"")
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "<", with: "&lt;")
    }
}
