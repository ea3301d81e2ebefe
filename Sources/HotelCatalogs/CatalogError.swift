import HotelSOAP

/// An error from a hotel catalog: a kind plus its context (the path, the query field at fault).
///
/// ```swift
/// do { _ = try await catalog.search(query) }
/// catch let error as CatalogError where error.kind == .invalidQuery {
///     print(error.field ?? "", error.message)   // "SortBy", "SortBy distance needs Near"
/// }
/// ```
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Equatable, Sendable {
        case notACatalog(path: String, reason: String)
        case notFound(path: String)
        case invalidQuery(field: String, message: String)
        case database(String)
        case invalidLocation(location: String, reason: String)
        case schemaMismatch(location: String, found: Int, expected: Int)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The file exists but is not a HotelSearch catalog (not SQLite, no `meta` table,
    /// another format version…).
    public static func notACatalog(_ path: String, reason: String) -> CatalogError {
        CatalogError(.notACatalog(path: path, reason: reason))
    }
    /// There is no file at the path.
    public static func notFound(_ path: String) -> CatalogError {
        CatalogError(.notFound(path: path))
    }
    /// The query is out of range or inconsistent; `field` is the request path at fault
    /// (`Limit`, `Near/Latitude`, `SortBy`…).
    public static func invalidQuery(field: String, message: String) -> CatalogError {
        CatalogError(.invalidQuery(field: field, message: message))
    }
    /// SQLite failed while reading or writing.
    public static func database(_ description: String) -> CatalogError {
        CatalogError(.database(description))
    }

    /// A catalog location (a `postgres://` URL) that cannot be used as written.
    public static func invalidLocation(_ location: String, reason: String) -> CatalogError {
        CatalogError(.invalidLocation(location: location, reason: reason))
    }
    /// The database's schema version is not the one this program reads: `found` is the
    /// database's (`schema_version`), `expected` this program's.
    public static func schemaMismatch(_ location: String, found: Int, expected: Int) -> CatalogError {
        CatalogError(.schemaMismatch(location: location, found: found, expected: expected))
    }

    /// The kind of error, for matching: `error.kind == .invalidQuery`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case notACatalog, notFound, invalidQuery, database, invalidLocation, schemaMismatch
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        public static let notACatalog = Kind(.notACatalog)
        public static let notFound = Kind(.notFound)
        public static let invalidQuery = Kind(.invalidQuery)
        public static let database = Kind(.database)
        public static let invalidLocation = Kind(.invalidLocation)
        public static let schemaMismatch = Kind(.schemaMismatch)

        public var description: String { base.rawValue }
    }

    public var kind: Kind {
        switch code {
        case .notACatalog: return .notACatalog
        case .notFound: return .notFound
        case .invalidQuery: return .invalidQuery
        case .database: return .database
        case .invalidLocation: return .invalidLocation
        case .schemaMismatch: return .schemaMismatch
        }
    }

    /// The request field at fault, for `invalidQuery`.
    public var field: String? {
        if case .invalidQuery(let field, _) = code { return field }
        return nil
    }

    /// The catalog file, for `notACatalog` and `notFound`.
    public var path: String? {
        switch code {
        case .notACatalog(let path, _), .notFound(let path): return path
        case .invalidLocation(let location, _), .schemaMismatch(let location, _, _): return location
        default: return nil
        }
    }

    /// What went wrong, without the kind.
    public var message: String {
        switch code {
        case .notACatalog(_, let reason): return reason
        case .notFound: return "no such file"
        case .invalidQuery(_, let message): return message
        case .database(let text): return text
        case .invalidLocation(_, let reason): return reason
        case .schemaMismatch(_, let found, let expected): return Self.schemaAdvice(found: found, expected: expected)
        }
    }

    private static func schemaAdvice(found: Int, expected: Int) -> String {
        found < expected
            ? "the database has schema version \(found), this program needs \(expected): run 'hotels seed --output URL --migrate' with this program"
            : "the database has schema version \(found), newer than this program's \(expected): use a newer hotels"
    }

    /// Whether the request was at fault (a SOAP `Client`/`Sender` fault) rather than the server.
    public var isSenderFault: Bool { kind == .invalidQuery }

    /// The `SearchFault` detail the server sends for this error.
    public var searchFault: SearchFault {
        switch code {
        case .invalidQuery(let field, let message):
            return SearchFault(code: .invalidValue, message: message, field: field)
        default:
            return SearchFault(code: .internal, message: "the hotel catalog failed")
        }
    }

    public var description: String {
        switch code {
        case .notACatalog(let path, let reason): return "\(path) is not a HotelSearch catalog: \(reason)"
        case .notFound(let path): return "catalog not found: \(path)"
        case .invalidQuery(let field, let message): return "invalid \(field): \(message)"
        case .database(let text): return "catalog database error: \(text)"
        case .invalidLocation(let location, let reason): return "cannot use the catalog \(location): \(reason)"
        case .schemaMismatch(let location, let found, let expected):
            return "\(location): \(Self.schemaAdvice(found: found, expected: expected))"
        }
    }
}
