/// Why a message could not be read. Every case says where (line, column) when it can,
/// and the description is one line a user can act on.
///
/// ```swift
/// do { _ = try SOAPMessageParser.parse(data) }
/// catch let error as SOAPParseError where error.kind == .truncated { retry() }
/// ```
public struct SOAPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// Not well-formed XML.
        case malformed
        /// The document ended before its root element closed: never a complete page.
        case truncated
        /// A `<!DOCTYPE`: refused, since SOAP forbids DTDs and they carry XXE and entity bombs.
        case doctype
        /// Elements nested deeper than the limit.
        case tooDeep
        /// The body is not XML at all (text, JSON, an HTML error page) or is empty.
        case notXML
        /// Well-formed XML, but not a SOAP envelope, or a body this contract does not define.
        case notSOAP
        /// A field is missing or holds a value of the wrong type.
        case invalidValue
    }

    public let kind: Kind
    /// 1-based; 0 when the error has no position (an empty body).
    public let line: Int
    public let column: Int
    /// What went wrong, without position.
    public let reason: String
    /// The field at fault for `.invalidValue`, as a path like `Hotel/Stars`.
    public let field: String?

    public init(_ kind: Kind, line: Int, column: Int = 0, reason: String, field: String? = nil) {
        self.kind = kind
        self.line = line
        self.column = column
        self.reason = reason
        self.field = field
    }

    public var description: String {
        // A body that is not XML at all has no meaningful position.
        guard line > 0, kind != .notXML else { return reason }
        return column > 0 ? "\(reason) (line \(line), column \(column))" : "\(reason) (line \(line))"
    }
}
