/// A SOAP fault, 1.1 or 1.2, with our `SearchFault` detail when the service sent one.
///
/// `code` and `subcode` hold local names: the prefix a stack chose (`soap:`, `env:`,
/// `S:`) carries no meaning. Match them as values, never by their text:
///
/// ```swift
/// do { _ = try await client.searchPage(query) }
/// catch let fault as SOAPFault where fault.code.isSender {
///     // the request was wrong; `fault.detail?.field` names the field
/// } catch let fault as SOAPFault {
///     switch fault.subcode {
///     case .notFound?: print("no such hotel")
///     default: print(fault)
///     }
/// }
/// ```
public struct SOAPFault: Error, Sendable, Equatable, CustomStringConvertible {
    /// The SOAP version the fault is in: it decides the code names and the fault's shape.
    public var version: SOAPVersion
    /// Whose fault it is: the local name of `faultcode` (1.1) or `Code/Value` (1.2).
    public var code: Code
    /// The first level of a SOAP 1.2 `Subcode`; SOAP 1.1 has none.
    public var subcode: Subcode?
    /// The explanation for a person: `faultstring` (1.1) or `Reason/Text` (1.2), the
    /// English text when there are several.
    public var reason: String
    /// Our `SearchFault` detail; nil when the fault has none, or only another service's.
    public var detail: SearchFault?

    /// `subcode` is written only in SOAP 1.2, which has a place for it.
    public init(version: SOAPVersion, code: Code, subcode: Subcode? = nil, reason: String, detail: SearchFault? = nil) {
        self.version = version
        self.code = code
        self.subcode = subcode
        self.reason = reason
        self.detail = detail
    }

    /// Whether the request was at fault (`Client`/`Sender`): retrying it unchanged won't help.
    public var isSenderFault: Bool { code.isSender }

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
        var extra = [detail.code.rawValue]
        if let field = detail.field { extra.append("field \(field)") }
        return text + " (\(extra.joined(separator: ", ")))"
    }
}
