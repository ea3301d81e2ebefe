/// A dialect file that cannot be used: where (file, line, column of the offending YAML
/// node, both 1-based) and what was expected.
///
/// ```swift
/// do { _ = try DialectFile.load(contentsOf: "Dialects/acme.yaml") } catch let error as DialectFileError {
///     print(error)   // Dialects/acme.yaml:12:11: unknown key "feilds" in response; expected one of root, hotel, fields, …
/// }
/// ```
public struct DialectFileError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file as it was named to `load` (or `init(yaml:file:)`).
    public let file: String
    /// 1-based; 0 when no position is known (an empty file).
    public let line: Int
    /// 1-based, in Unicode scalars as Yams counts them; 0 when no position is known.
    public let column: Int
    /// What is wrong and what was expected.
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers and editors read.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A business error a response carried at the dialect file's `errors` path: the service
/// refused the request without a SOAP fault. Thrown by the response reader's `finish`,
/// whatever rows were read before (as OpenTravel's `Errors` are); the CLI exits 3 with its text.
public struct DialectServiceError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The text of every match of the `errors` path, in document order (at least one).
    public let messages: [String]
    /// The dialect's `name`, for messages.
    public let dialect: String

    public init(messages: [String], dialect: String) {
        self.messages = messages
        self.dialect = dialect
    }

    /// Every message, joined with `; `.
    public var description: String { messages.joined(separator: "; ") }
}

/// How requests of a dialect are authenticated, as its file's `auth` says. The file only
/// names the kind; the credentials come from the command line (`--username`,
/// `--password`), never from the file. A fixed header block is `request.header` with
/// `{{env.NAME}}` values instead.
public enum DialectAuth: Sendable, Hashable {
    /// No `auth` key.
    case none
    /// `wsse: true`: the WS-Security UsernameToken the client signs.
    case wsse
    /// `basic: true`: HTTP Basic authentication.
    case basic
}

/// A request a dialect file cannot render: an environment variable its template reads is
/// not set, or a value XML cannot carry.
public struct DialectRequestError: Error, Sendable, CustomStringConvertible, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
