/// `WSDL/OTAHotelAvail.wsdl`, served at `GET /ota?wsdl` with its `soap:address` and
/// `soap12:address` pointing at this server's `/ota`.
public enum OTAWSDLDocument {
    static let placeholderLocation = "http://localhost:8080/ota"

    /// The WSDL with every endpoint address set to `endpoint`; with `requiresUsernameToken`
    /// also a WS-SecurityPolicy UsernameToken assertion on each binding (`hotels serve
    /// --users`). Without it the text is the file's, byte for byte, but for the addresses.
    ///
    /// ```swift
    /// let wsdl = OTAWSDLDocument.text(endpoint: "https://hotels.example.com/ota", requiresUsernameToken: true)
    /// ```
    public static func text(endpoint: String, requiresUsernameToken: Bool = false) -> String {
        let located = text.replacingOccurrences(of: "location=\"\(placeholderLocation)\"", with: "location=\"\(escaped(endpoint))\"")
        return requiresUsernameToken ? SecurityPolicy.attach(to: located) : located
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "<", with: "&lt;")
    }
}
