/// A request a dialect cannot express.
///
/// ```swift
/// catch let error as SOAPDialectError where error == .pageStartNotSupported(dialect: "HotelSearch") { … }
/// ```
public struct SOAPDialectError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case pageStartNotSupported(String)
        case operationNotSupported(String, String)
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

    /// One line saying what to do instead, e.g. `HotelSearch cannot start a page there: …`.
    public var description: String {
        switch code {
        case .pageStartNotSupported(let dialect):
            return "\(dialect) cannot start a page there: ask for the first page, then follow each page's next"
        case .operationNotSupported(let dialect, let operation):
            return "\(dialect) cannot send \(operation) yet: it only reads saved responses (hotels parse)"
        }
    }
}
