/// A SOAP request ready to post: the envelope bytes and the HTTP headers that go with them.
///
/// Dialects make these (`SOAPDialect.searchRequest`); any HTTP client can send one:
/// ```swift
/// let request = try HotelSearchDialect().searchRequest(query, page: .first(size: 50), version: .v12)
/// for (name, value) in request.headers { httpRequest.headers.add(name: name, value: value) }
/// httpRequest.body = request.body
/// ```
public struct SOAPRequest: Sendable, Equatable {
    /// The version the envelope is in: it decides `headers`.
    public let version: SOAPVersion
    /// The SOAP action: a quoted `SOAPAction` header in 1.1, the `action` parameter of the
    /// content type in 1.2. Nil sends none (SOAP 1.1 then sends `SOAPAction: ""`).
    public let action: String?
    /// The envelope, UTF-8 XML: the HTTP body.
    public let body: [UInt8]

    /// A request whose `body` is an envelope of `version`.
    public init(version: SOAPVersion, action: String?, body: [UInt8]) {
        self.version = version
        self.action = action
        self.body = body
    }

    /// `Content-Type`, plus a quoted `SOAPAction` for SOAP 1.1 (WS-I BP R2744).
    /// SOAP 1.2 carries the action as the `action` parameter of the content type instead.
    public var headers: [(name: String, value: String)] {
        switch version {
        case .v11:
            return [("Content-Type", version.contentType(action: nil)), ("SOAPAction", "\"\(action ?? "")\"")]
        case .v12:
            return [("Content-Type", version.contentType(action: action))]
        }
    }
}
