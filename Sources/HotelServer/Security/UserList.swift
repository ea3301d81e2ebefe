import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The users `hotels serve --users FILE` accepts: one `name:secret` per line.
///
/// ```text
/// # partners of the hotel search service
/// agent7:correct horse battery staple
/// acme:s3cr:et      <- the secret is "s3cr:et": a line splits at its first colon
/// ```
///
/// Lines starting with `#` (after blanks) and blank lines are ignored; a trailing CR is
/// dropped. A name holds no whitespace, control character or colon; a secret is everything
/// after the first colon, blanks included, and may not be empty. The file must be readable
/// by its owner only (mode 600 or 400): it holds the secrets in the clear, which the
/// PasswordDigest check needs.
///
/// ```swift
/// let users = try UserList.load(path: "/etc/hotels/users")
/// let service = HotelService(catalog: catalog, configuration: .init(users: users), logger: logger)
/// ```
///
/// No secret appears in `description`, `dump` or any error.
public struct UserList: Sendable, CustomStringConvertible, CustomReflectable {
    private let secrets: [String: String]

    /// Users from a dictionary of names to secrets (tests, or secrets from elsewhere).
    public init(_ secrets: [String: String]) {
        self.secrets = secrets
    }

    /// Reads the file's text; `path` only names the file in errors.
    public init(parsing bytes: some Collection<UInt8>, path: String) throws(UserFileError) {
        var secrets: [String: String] = [:]
        var firstLine: [String: Int] = [:]
        var number = 0
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var line = Array(raw)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard let text = String(validating: line, as: UTF8.self) else { throw .malformed(path, line: number, .notUTF8) }
            let content = text.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard let colon = text.firstIndex(of: ":") else { throw .malformed(path, line: number, .noColon) }
            let name = String(text[..<colon])
            let secret = String(text[text.index(after: colon)...])
            guard !name.isEmpty else { throw .malformed(path, line: number, .emptyName) }
            guard !name.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
            else { throw .malformed(path, line: number, .blankInName) }
            guard !secret.isEmpty else { throw .malformed(path, line: number, .emptySecret) }
            if let first = firstLine[name] { throw .malformed(path, line: number, .repeated(name, first: first)) }
            firstLine[name] = number
            secrets[name] = secret
        }
        guard !secrets.isEmpty else { throw .noUsers(path) }
        self.secrets = secrets
    }

    /// Opens `path`, checks that only its owner may read or write it, and reads it. The
    /// mode is checked on the open file, so the file read is the file checked.
    public static func load(path: String) throws(UserFileError) -> UserList {
        // A users file is a few lines; a huge one is a mistake, not a user list.
        let bytes: [UInt8]
        do { bytes = try OwnerOnlyFile.contents(of: path, maxBytes: 16 << 20) } catch { throw .file(path, error) }
        return try UserList(parsing: bytes, path: path)
    }

    /// The secret of `name`; nil for a name the list does not hold.
    func secret(for name: String) -> String? { secrets[name] }

    /// How many users the list holds.
    public var count: Int { secrets.count }

    public var description: String { "UserList(\(secrets.count) users)" }
    public var customMirror: Mirror { Mirror(self, children: ["count": secrets.count]) }
}

/// Why a users file was refused. The message names the file and, for a bad line, its
/// number; never the line's text, which may hold a secret.
///
/// ```swift
/// do { users = try UserList.load(path: path) } catch where error.isMissing { … }
/// ```
public struct UserFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with one line.
    enum Problem: Hashable, Sendable {
        case notUTF8, noColon, emptyName, blankInName, emptySecret
        case repeated(String, first: Int)
    }

    private enum Code: Hashable, Sendable {
        case file(OwnerOnlyFile.Failure)
        case malformed(line: Int, Problem)
        case noUsers
    }

    /// The file as it was given.
    public let path: String
    private let code: Code

    private init(_ path: String, _ code: Code) {
        self.path = path
        self.code = code
    }

    static func file(_ path: String, _ failure: OwnerOnlyFile.Failure) -> Self { .init(path, .file(failure)) }
    static func malformed(_ path: String, line: Int, _ problem: Problem) -> Self { .init(path, .malformed(line: line, problem)) }
    static func noUsers(_ path: String) -> Self { .init(path, .noUsers) }

    /// The file does not exist or cannot be read, rather than being refused for what it is.
    public var isMissing: Bool {
        if case .file(let failure) = code { return failure.isMissing }
        return false
    }

    /// The line that is not `name:secret`, counted from 1; nil when the whole file is at fault.
    public var line: Int? {
        if case .malformed(let line, _) = code { return line }
        return nil
    }

    /// Group or others may read or write the file.
    public var isTooOpen: Bool {
        if case .file(let failure) = code { return failure.isTooOpen }
        return false
    }

    /// One line, e.g. `/etc/hotels/users: line 3 has no ':' (expected name:secret)`.
    public var description: String {
        switch code {
        case .file(let failure):
            return failure.message(path, risk: "it holds secrets", limit: "larger than 16 MiB")
        case .noUsers: return "\(path) names no user (expected one name:secret per line)"
        case .malformed(let line, let problem):
            let what: String
            switch problem {
            case .notUTF8: what = "is not UTF-8"
            case .noColon: what = "has no ':' (expected name:secret)"
            case .emptyName: what = "has an empty name (expected name:secret)"
            case .blankInName: what = "has a blank or control character in its name"
            case .emptySecret: what = "has an empty secret"
            case .repeated(let name, let first): what = "repeats the user \(name) of line \(first)"
            }
            return "\(path): line \(line) \(what)"
        }
    }
}
