import Foundation

/// A WSDL the service publishes, read from the server's resources (`Resources/*.wsdl`,
/// through `Bundle.module`; `WSDL/` at the repository root links to them) and served with
/// its endpoint addresses set to the address clients reach this server by.
///
/// ```swift
/// let wsdl = WSDLDocument.hotelSearch.text(endpoint: "https://hotels.example.com/soap", requiresUsernameToken: true)
/// ```
public struct WSDLDocument: Sendable {
    /// The contract, `HotelSearch.wsdl`, at `GET /wsdl` and `GET /soap?wsdl`.
    public static let hotelSearch = WSDLDocument(resource: "HotelSearch", placeholderLocation: "http://localhost:8080/soap")
    /// OpenTravel availability, `OTAHotelAvail.wsdl`, at `GET /ota?wsdl`.
    public static let openTravel = WSDLDocument(resource: "OTAHotelAvail", placeholderLocation: "http://localhost:8080/ota")

    /// The file's text, byte for byte.
    public let text: String
    /// The address the file's `soap:address` (and `soap12:address`) elements hold.
    let placeholderLocation: String

    private init(resource: String, placeholderLocation: String) {
        // The resource is part of the build: missing, it is a broken build, not a user's mistake.
        guard let url = Bundle.module.url(forResource: resource, withExtension: "wsdl"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { preconditionFailure("the HotelServer resource \(resource).wsdl is missing from \(Bundle.module.bundlePath)") }
        self.text = text
        self.placeholderLocation = placeholderLocation
    }

    /// The WSDL with every endpoint address set to `endpoint`; with `requiresUsernameToken`
    /// also a WS-SecurityPolicy UsernameToken assertion on each binding (`hotels serve
    /// --users`). Without it the text is the file's, byte for byte, but for the addresses.
    public func text(endpoint: String, requiresUsernameToken: Bool = false) -> String {
        let located = text.replacingOccurrences(of: "location=\"\(placeholderLocation)\"", with: "location=\"\(Self.escaped(endpoint))\"")
        return requiresUsernameToken ? SecurityPolicy.attach(to: located) : located
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "<", with: "&lt;")
    }
}
