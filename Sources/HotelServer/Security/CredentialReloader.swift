import Logging
import Metrics

/// Rereads `--users` and `--token-key-file` into a running service's ``CredentialStore``
/// (on SIGHUP: ``HangupSignal``), so credentials and keys are rotated without dropping a
/// connection.
///
/// Each file is read and checked exactly as at start (``UserList/load(path:)``,
/// ``PageTokenKey/load(path:)``: owner-only mode, well-formed, big enough). A file that
/// passes replaces the old contents for every request that starts after it; one that does
/// not changes nothing: the old list or key stays in force, one error line says which file,
/// what is wrong and that the old one stays, and `hotels_reload_failures_total{file=…}`
/// counts it. A server must not lock everyone out, or die, because a file was being edited.
/// Successes count in `hotels_reloads_total{file=…}`.
///
/// ```swift
/// let reloader = CredentialReloader(store: service.credentials, usersPath: "/etc/hotels/users", tokenKeyPath: nil, logger: logger)
/// let result = reloader.reload()
/// ```
public struct CredentialReloader: Sendable {
    public let store: CredentialStore
    /// The `--users` file; nil when the server runs without users.
    public let usersPath: String?
    /// The `--token-key-file`; nil when the server drew its own key.
    public let tokenKeyPath: String?
    private let logger: Logger
    private let reloads: [ReloadResult.File: Counter]
    private let failures: [ReloadResult.File: Counter]

    /// `metrics`: where the counters go; the process-wide backend unless a test passes its own.
    public init(
        store: CredentialStore, usersPath: String?, tokenKeyPath: String?, logger: Logger,
        metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.store = store
        self.usersPath = usersPath
        self.tokenKeyPath = tokenKeyPath
        self.logger = logger
        func counters(_ label: String) -> [ReloadResult.File: Counter] {
            Dictionary(
                uniqueKeysWithValues: ReloadResult.File.allCases.map {
                    ($0, Counter(label: label, dimensions: [("file", $0.rawValue)], factory: metrics))
                })
        }
        reloads = counters("hotels_reloads_total")
        failures = counters("hotels_reload_failures_total")
    }

    /// Reads both files now; each that passes is in force when this returns.
    @discardableResult
    public func reload() -> ReloadResult {
        var result = ReloadResult()
        if let usersPath {
            let loaded = Result { () throws(UserFileError) in try UserList.load(path: usersPath) }
            switch loaded {
            case .success(let users):
                store.replaceUsers(users)
                reloads[.users]?.increment()
                logger.notice("reloaded --users \(usersPath): \(users.count) users")
            case .failure(let error):
                failures[.users]?.increment()
                let kept = store.users.map { "\($0.count) users" } ?? "none"
                logger.error("reload refused --users \(error); the previous users stay in force (\(kept))")
            }
            result.users = loaded
        }
        if let tokenKeyPath {
            let loaded = Result { () throws(PageTokenKeyError) in try PageTokenKey.load(path: tokenKeyPath) }
            switch loaded {
            case .success(let key):
                store.replaceTokenKey(key)
                reloads[.tokenKey]?.increment()
                logger.notice("reloaded --token-key-file \(tokenKeyPath): page tokens signed by the old key are refused from now on")
            case .failure(let error):
                failures[.tokenKey]?.increment()
                logger.error("reload refused --token-key-file \(error); the previous key stays in force")
            }
            result.tokenKey = loaded
        }
        if result.nothingToReload {
            logger.notice("SIGHUP: nothing to reload (started without --users or --token-key-file); still serving")
        }
        return result
    }
}
