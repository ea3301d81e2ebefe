/// SOAP 1.1 or 1.2: they differ in envelope namespace, content type, how the action
/// travels, and the shape of a fault.
public enum SOAPVersion: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// SOAP 1.1: `text/xml`, the action in a `SOAPAction` header.
    case v11 = "1.1"
    /// SOAP 1.2: `application/soap+xml`, the action a parameter of the content type.
    case v12 = "1.2"

    /// The namespace of `Envelope`: how a message says which version it is.
    public var envelopeNamespace: String {
        switch self {
        case .v11: return "http://schemas.xmlsoap.org/soap/envelope/"
        case .v12: return "http://www.w3.org/2003/05/soap-envelope"
        }
    }

    /// The media type without parameters: how a server tells the versions apart.
    public var mediaType: String {
        switch self {
        case .v11: return "text/xml"
        case .v12: return "application/soap+xml"
        }
    }

    /// The `Content-Type` header for a message carrying `action` (SOAP 1.2 puts it here).
    public func contentType(action: String?) -> String {
        switch self {
        case .v11: return "text/xml; charset=utf-8"
        case .v12:
            if let action { return "application/soap+xml; charset=utf-8; action=\"\(action)\"" }
            return "application/soap+xml; charset=utf-8"
        }
    }

    /// `SOAP 1.1` or `SOAP 1.2`.
    public var description: String { "SOAP \(rawValue)" }
}
