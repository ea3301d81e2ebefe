import Synchronization

/// The service's current ``Credentials``, swapped whole by a reload (SIGHUP, see
/// ``CredentialReloader``) while requests keep reading it.
///
/// A `Mutex` around a small value: a request takes one copy (a few retains) under the lock,
/// never holds it while it works, and a reload replaces the value in one step, so no request
/// sees half a reload. Kept-alive connections hold no credentials of their own: their next
/// request reads the store like any other.
///
/// ```swift
/// let store = CredentialStore(users: users, clockSkew: .seconds(300), nonceCapacity: 100_000, tokenKey: key)
/// store.replaceUsers(try UserList.load(path: path))   // the next request sees the new list
/// ```
public final class CredentialStore: Sendable {
    private let state: Mutex<Credentials>
    /// For a verifier made by a reload when none was configured (the library allows it;
    /// `hotels serve` reloads only the files it started with).
    private let clockSkew: Duration
    private let nonceCapacity: Int

    public init(users: UserList?, clockSkew: Duration, nonceCapacity: Int, tokenKey: PageTokenKey) {
        self.clockSkew = clockSkew
        self.nonceCapacity = nonceCapacity
        let verifier = users.map { UsernameTokenVerifier(users: $0, clockSkew: clockSkew, nonceCapacity: nonceCapacity) }
        state = Mutex(Credentials(verifier: verifier, tokens: OTAPageToken(key: tokenKey.key)))
    }

    /// The set a request is judged by; take it once per request.
    var current: Credentials { state.withLock { $0 } }

    /// Whether SOAP requests need a UsernameToken now (the WSDLs' policy says so).
    public var requiresUsernameToken: Bool { state.withLock { $0.verifier != nil } }

    /// The users the next request is checked against; nil without users.
    public var users: UserList? { state.withLock { $0.verifier?.users } }

    /// From the next request on, `users` are the ones let in. The replay cache is kept:
    /// a nonce seen before the reload is still refused after it.
    public func replaceUsers(_ users: UserList) {
        state.withLock { credentials in
            credentials.verifier =
                credentials.verifier?.replacingUsers(users)
                ?? UsernameTokenVerifier(users: users, clockSkew: clockSkew, nonceCapacity: nonceCapacity)
        }
    }

    /// From the next request on, page tokens are signed and checked with `key`: tokens
    /// signed by the old key are refused as not this server's (``OTAPageToken/Failure/forged``).
    public func replaceTokenKey(_ key: PageTokenKey) {
        state.withLock { $0.tokens = OTAPageToken(key: key.key) }
    }
}
