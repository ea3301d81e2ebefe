/// What one reload (``CredentialReloader/reload()``) did with each file: read and in force,
/// or refused with the old one kept. Nil for a file the server was not started with.
///
/// ```swift
/// let result = reloader.reload()
/// if case .failure(let error)? = result.users, error.isTooOpen { … }   // old users still in force
/// ```
public struct ReloadResult: Sendable {
    /// The file a reload reads; its raw value is the `file` dimension of the reload counters.
    public enum File: String, Sendable, CaseIterable {
        case users
        case tokenKey = "token_key"
    }

    /// The new list, now in force; or why the file was refused.
    public var users: Result<UserList, UserFileError>?
    /// The new key, now in force; or why the file was refused.
    public var tokenKey: Result<PageTokenKey, PageTokenKeyError>?

    /// Neither `--users` nor `--token-key-file` was given: nothing was read.
    public var nothingToReload: Bool { users == nil && tokenKey == nil }

    /// How many files were refused (each kept its old contents).
    public var failures: Int {
        var count = 0
        if case .failure? = users { count += 1 }
        if case .failure? = tokenKey { count += 1 }
        return count
    }
}
