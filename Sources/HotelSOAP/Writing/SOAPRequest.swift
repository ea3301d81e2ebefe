/// A SOAP request ready to post: the envelope bytes and the HTTP headers that go with them.
public struct SOAPRequest: Sendable, Equatable {
    public let version: SOAPVersion
    public let operation: HotelSearchContract.Operation
    public let body: [UInt8]

    /// `Content-Type`, plus a quoted `SOAPAction` for SOAP 1.1 (WS-I BP R2744).
    /// SOAP 1.2 carries the action as the `action` parameter of the content type instead.
    public var headers: [(name: String, value: String)] {
        switch version {
        case .v11:
            return [("Content-Type", version.contentType(action: nil)),
                    ("SOAPAction", "\"\(operation.action)\"")]
        case .v12:
            return [("Content-Type", version.contentType(action: operation.action))]
        }
    }

    public static func == (a: SOAPRequest, b: SOAPRequest) -> Bool {
        a.version == b.version && a.operation == b.operation && a.body == b.body
    }
}
