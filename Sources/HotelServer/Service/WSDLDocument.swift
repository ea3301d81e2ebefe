/// The contract, `WSDL/HotelSearch.wsdl`, served at `GET /wsdl` and `GET /soap?wsdl` with
/// its `soap:address` pointing at the address clients reach this server by.
public enum WSDLDocument {
    static let placeholderLocation = "http://localhost:8080/soap"

    /// The WSDL with every endpoint address set to `endpoint`; with `requiresUsernameToken`
    /// also a WS-SecurityPolicy UsernameToken assertion on each binding (`hotels serve
    /// --users`). Without it the text is the file's, byte for byte, but for the addresses.
    ///
    /// ```swift
    /// let wsdl = WSDLDocument.text(endpoint: "https://hotels.example.com/soap", requiresUsernameToken: true)
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
