/// A request a dialect cannot express.
///
/// ```swift
/// catch let error as SOAPDialectError where error == .pageStartNotSupported(dialect: "HotelSearch") { … }
/// ```
public struct SOAPDialectError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case pageStartNotSupported(String)
        case operationNotSupported(String, String)
        case criterionNotSupported(String, String, String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// A page start the dialect never hands out: an offset past 0 for a sequential
    /// dialect, or a continuation token it did not make.
    public static func pageStartNotSupported(dialect: String) -> SOAPDialectError { .init(.pageStartNotSupported(dialect)) }

    /// An operation the dialect cannot send (yet), e.g. OpenTravel's search request from
    /// the client: the dialect only reads responses so far.
    public static func operationNotSupported(dialect: String, operation: String) -> SOAPDialectError {
        .init(.operationNotSupported(dialect, operation))
    }

    /// A part of the query the dialect's request cannot carry, e.g. a stars order in
    /// OpenTravel, with the reason in the dialect's own terms.
    public static func criterionNotSupported(dialect: String, criterion: String, reason: String) -> SOAPDialectError {
        .init(.criterionNotSupported(dialect, criterion, reason))
    }

    /// Whether this is about the query (the user can change it), not about paging or an operation.
    public var isAboutQuery: Bool {
        if case .criterionNotSupported = code { return true }
        return false
    }

    /// One line saying what to do instead, e.g. `HotelSearch cannot start a page there: …`.
    public var description: String {
        switch code {
        case .pageStartNotSupported(let dialect):
            return "\(dialect) cannot start a page there: ask for the first page, then follow each page's next"
        case .operationNotSupported(let dialect, let operation):
            return "\(dialect) has no \(operation) operation"
        case .criterionNotSupported(let dialect, let criterion, let reason):
            return "\(dialect) cannot ask for \(criterion): \(reason)"
        }
    }
}
