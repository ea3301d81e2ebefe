/// Why an import stopped: where (the file, the row's first line, the column) and what is
/// wrong, worded to say what to do. One line: `FILE:LINE: column NAME: what is wrong`.
///
/// ```swift
/// do { _ = try importer.importIntoSQLite(at: "mine.sqlite") }
/// catch let error as InventoryError where error.kind == .invalidData {
///     print(error)          // hotels.csv:7: column latitude: 91.5 is out of range (-90 to 90)
///     print(error.column)   // Optional("latitude")
/// }
/// ```
///
/// Callers branch on ``kind`` (the command line picks its exit status from it), never on
/// the message's text.
public struct InventoryError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Equatable, Sendable {
        case invalidData
        case inputNotFound
        case inputUnreadable
        case formatUnknown
    }

    private let code: Code
    /// The input file as given (`-` is standard input), when the error is about one.
    public let file: String?
    /// The line the row starts on (1 is a CSV file's header), when the error is about a row.
    public let line: Int?
    /// The column at fault, as the header names it.
    public let column: String?
    /// What is wrong, and what to do about it.
    public let problem: String

    private init(_ code: Code, file: String?, line: Int?, column: String?, problem: String) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// A row, a value or a header the import cannot take: the catalog is left as it was.
    public static func invalidData(file: String, line: Int, column: String? = nil, _ problem: String) -> InventoryError {
        InventoryError(.invalidData, file: file, line: line, column: column, problem: problem)
    }

    /// An input file that does not exist.
    public static func inputNotFound(_ file: String, _ problem: String) -> InventoryError {
        InventoryError(.inputNotFound, file: file, line: nil, column: nil, problem: problem)
    }

    /// An input file that exists but cannot be read (a directory, no permission, an I/O error).
    public static func inputUnreadable(_ file: String, _ problem: String) -> InventoryError {
        InventoryError(.inputUnreadable, file: file, line: nil, column: nil, problem: problem)
    }

    /// A file whose format its name does not tell (standard input, `hotels.txt`).
    public static func formatUnknown(_ file: String) -> InventoryError {
        InventoryError(
            .formatUnknown, file: file, line: nil, column: nil,
            problem: "cannot tell its format from its name: name it .csv or .jsonl, or pass --format csv or --format jsonl")
    }

    /// The kind of error, for matching: `error.kind == .invalidData`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case invalidData, inputNotFound, inputUnreadable, formatUnknown
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A row or header the import refuses (sysexits' EX_DATAERR).
        public static let invalidData = Kind(.invalidData)
        /// An input file that is not there (EX_NOINPUT).
        public static let inputNotFound = Kind(.inputNotFound)
        /// An input file that cannot be read (EX_NOINPUT).
        public static let inputUnreadable = Kind(.inputUnreadable)
        /// A file whose format must be named with `--format` (a usage mistake).
        public static let formatUnknown = Kind(.formatUnknown)

        public var description: String { base.rawValue }
    }

    public var kind: Kind {
        switch code {
        case .invalidData: return .invalidData
        case .inputNotFound: return .inputNotFound
        case .inputUnreadable: return .inputUnreadable
        case .formatUnknown: return .formatUnknown
        }
    }

    /// `FILE:LINE: column NAME: problem`, leaving out what is not known.
    public var description: String {
        var text = ""
        if let file { text += file == "-" ? "standard input" : file }
        if let line { text += ":\(line)" }
        if !text.isEmpty { text += ": " }
        if let column { text += "column \(column): " }
        return text + problem
    }
}
