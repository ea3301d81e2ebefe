/// A SOAP fault, 1.1 or 1.2, with our `SearchFault` detail when the service sent one.
///
/// SOAP 1.1 codes are `Client`/`Server` (plus `VersionMismatch`, `MustUnderstand`);
/// SOAP 1.2 codes are `Sender`/`Receiver`. `code` and `subcode` hold local names: the
/// prefix a stack chose (`soap:`, `env:`, `S:`) carries no meaning.
public struct SOAPFault: Error, Sendable, Equatable, CustomStringConvertible {
    public var version: SOAPVersion
    public var code: String
    public var subcode: String?
    public var reason: String
    public var detail: SearchFault?

    public init(version: SOAPVersion, code: String, subcode: String? = nil, reason: String, detail: SearchFault? = nil) {
        self.version = version
        self.code = code
        self.subcode = subcode
        self.reason = reason
        self.detail = detail
    }

    /// Whether the request was at fault (`Client`/`Sender`): retrying it unchanged won't help.
    public var isSenderFault: Bool { code == "Client" || code == "Sender" }

    /// One line for a person: `SOAP fault Client: Limit must be 1…500 (InvalidValue, field Limit)`.
    public var description: String {
        var text = "SOAP fault \(code)"
        if let subcode { text += "/\(subcode)" }
        guard let detail else { return text + ": \(reason)" }
        // Servers often repeat the reason in the detail, sometimes with more: say it once.
        if detail.message.isEmpty || reason.contains(detail.message) {
            text += ": \(reason)"
        } else if detail.message.contains(reason) {
            text += ": \(detail.message)"
        } else {
            text += ": \(reason) — \(detail.message)"
        }
        var extra = [detail.code]
        if let field = detail.field { extra.append("field \(field)") }
        return text + " (\(extra.joined(separator: ", ")))"
    }
}

/// The `SearchFault` detail of the contract: a machine-readable code and the field at fault.
public struct SearchFault: Sendable, Equatable {
    /// `InvalidValue`, `MalformedRequest`, `UnknownOperation`, `NotFound`, `RequestTooLarge`, `Internal`.
    public var code: String
    public var message: String
    /// The request field at fault, as a path like `Near/Latitude`.
    public var field: String?

    public init(code: String, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
