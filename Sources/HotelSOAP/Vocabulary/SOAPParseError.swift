import HotelXML

/// Why a message could not be read. Every error says where (line, column) when it can,
/// and the description is one line a user can act on.
///
/// ```swift
/// do { _ = try SOAPMessageParser.parse(data) }
/// catch let error as SOAPParseError where error.kind == .truncated { retry() }
/// ```
public struct SOAPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, for a program to act on.
    public let kind: Kind
    /// 1-based; 0 when the error has no position (an empty body).
    public let line: Int
    /// 1-based; 0 when unknown.
    public let column: Int
    /// What went wrong, without position.
    public let reason: String
    /// The field at fault for `.invalidValue`, as a path like `Hotel/Stars`.
    public let field: String?
    /// Where the message came from (a URL, a file), set by whoever read it so the one
    /// line a user sees says which; nil when the reader knows no name for it.
    public var source: String?

    /// `line` and `column` are 1-based, 0 for unknown; `field` is for `.invalidValue`.
    public init(_ kind: Kind, line: Int, column: Int = 0, reason: String, field: String? = nil) {
        self.kind = kind
        self.line = line
        self.column = column
        self.reason = reason
        self.field = field
    }

    /// What the XML engine refused before any element was read, with its text.
    package init(_ error: XMLInputError) {
        let kind: Kind
        switch error.kind {
        case .notXML: kind = .notXML
        case .malformed: kind = .malformed
        case .unsupportedEncoding: kind = .unsupportedEncoding
        case .tooLarge: kind = .tooLarge
        }
        self.init(kind, line: error.line, reason: error.reason)
    }

    /// `reason` with its position, e.g. `malformed XML: … (line 3, column 12)`; `reason`
    /// alone when there is no position or the body is not XML; after `source:` when set.
    public var description: String {
        let prefix = source.map { "\($0): " } ?? ""
        // A body that is not XML at all has no meaningful position.
        guard line > 0, kind != .notXML else { return prefix + reason }
        return prefix + (column > 0 ? "\(reason) (line \(line), column \(column))" : "\(reason) (line \(line))")
    }

    /// This error, saying it came from `source`, unless it already says where.
    public func from(_ source: String) -> SOAPParseError {
        var error = self
        error.source = error.source ?? source
        return error
    }
}

extension SOAPParseError {
    /// The kind of a `SOAPParseError`. Kinds may be added: switch with a `default`.
    ///
    /// ```swift
    /// switch error.kind {
    /// case .truncated: print("the response was cut off; try again")
    /// case .unexpectedMessage: print("wrong endpoint?")
    /// default: print(error)
    /// }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case malformed, truncated, doctype, tooDeep, tooLarge, notXML, unsupportedEncoding, notSOAP, unexpectedMessage,
                unexpectedElement,
                invalidValue
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Not well-formed XML.
        public static let malformed = Kind(.malformed)
        /// The document ended before its root element closed: never a complete page.
        public static let truncated = Kind(.truncated)
        /// A `<!DOCTYPE`: refused, since SOAP forbids DTDs and they carry XXE and entity bombs.
        public static let doctype = Kind(.doctype)
        /// Elements nested deeper than the limit.
        public static let tooDeep = Kind(.tooDeep)
        /// A start tag over a limit of `SOAPMessageParser.Limits`: too many attributes or
        /// namespace declarations, or too long.
        public static let tooLarge = Kind(.tooLarge)
        /// The body is not XML at all (text, JSON, an HTML error page) or is empty.
        public static let notXML = Kind(.notXML)
        /// XML in a character encoding the parser does not read: SOAP messages are UTF-8 or
        /// UTF-16 (WS-I Basic Profile R4003); stateless single-byte charsets such as
        /// ISO-8859-1 are read too, stateful ones (UTF-7, ISO-2022) and UCS-4 are not.
        public static let unsupportedEncoding = Kind(.unsupportedEncoding)
        /// Well-formed XML, but not a SOAP envelope, or an envelope with an empty Body.
        public static let notSOAP = Kind(.notSOAP)
        /// A SOAP envelope whose Body holds a message the reader does not expect: an
        /// element of another contract, or a request where a response was due.
        public static let unexpectedMessage = Kind(.unexpectedMessage)
        /// A request holds an element its operation does not define, or one in the wrong
        /// or no namespace. Only requests are held to their schema; responses skip what
        /// they do not know, so a newer server keeps working.
        public static let unexpectedElement = Kind(.unexpectedElement)
        /// A field is missing or holds a value of the wrong type.
        public static let invalidValue = Kind(.invalidValue)

        /// The kind's name, e.g. `truncated`.
        public var description: String { base.rawValue }
    }
}
