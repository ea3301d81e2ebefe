import Crypto
import Foundation
import HotelSOAP

/// Checks a request's `wsse:Security` header against a `UserList`: the OASIS UsernameToken
/// Profile with PasswordText or PasswordDigest, `Created` within the clock skew, `Expires`
/// not passed, and each nonce accepted once (`NonceCache`).
///
/// ```swift
/// let verifier = UsernameTokenVerifier(users: users, clockSkew: .seconds(300))
/// do {
///     let user = try verifier.verify(parser.header?.security)
/// } catch {
///     // error.fault is .failedAuthentication, .invalidSecurity or .messageExpired
/// }
/// ```
///
/// The order is fixed so an answer tells an attacker nothing about the password: the
/// header's shape first (`InvalidSecurity`), then its clock (`MessageExpired`; a message
/// replayed later keeps its old `Created`), then the password, the same work and the same
/// fault for an unknown user as for a wrong password (`FailedAuthentication`), and only
/// then the nonce, so a stranger cannot fill the replay cache.
public struct UsernameTokenVerifier: Sendable {
    public let users: UserList
    /// How far `Created` may be from this server's clock, either way.
    public let clockSkew: TimeInterval
    public let nonces: NonceCache
    /// Compared with for an unknown user, so that answer costs what a wrong password does.
    private let standIn: String

    public init(users: UserList, clockSkew: Duration = .seconds(300), nonceCapacity: Int = 100_000) {
        self.users = users
        self.clockSkew = Double(clockSkew.components.seconds) + Double(clockSkew.components.attoseconds) * 1e-18
        nonces = NonceCache(window: clockSkew, capacity: nonceCapacity)
        var generator = SystemRandomNumberGenerator()
        standIn = (0..<32).map { _ in String(UInt8.random(in: .min ... .max, using: &generator), radix: 16) }.joined()
    }

    private init(users: UserList, keeping other: UsernameTokenVerifier) {
        self.users = users
        clockSkew = other.clockSkew
        nonces = other.nonces
        standIn = other.standIn
    }

    /// This verifier with another user list (a reloaded `--users` file), and the same clock
    /// skew and the same ``NonceCache``: a message accepted before the reload must not be
    /// accepted again after it, so the replay cache outlives the list.
    public func replacingUsers(_ users: UserList) -> UsernameTokenVerifier {
        UsernameTokenVerifier(users: users, keeping: self)
    }

    /// The authenticated user's name; throws `AuthenticationFailure` naming the fault to send.
    public func verify(_ security: WSSecurityHeader?, now: Date = Date()) throws(AuthenticationFailure) -> String {
        guard let security, let token = security.usernameToken else { throw AuthenticationFailure(.missingToken, user: nil) }
        let user = token.username
        func fail(_ code: AuthenticationFailure.Code) -> AuthenticationFailure { AuthenticationFailure(code, user: user) }

        // The shape: one way to read the header, fields this profile defines.
        guard !security.isMalformed else { throw fail(.ambiguous) }
        guard let user, !user.isEmpty else { throw fail(.noUsername) }
        guard let type = token.passwordType else { throw fail(.unsupportedPasswordType) }
        guard let password = token.password else { throw fail(.noPassword) }
        var nonce: [UInt8]?
        if let text = token.nonce {
            if let encoding = token.nonceEncodingType, encoding.trimmingCharacters(in: .whitespacesAndNewlines) != WSSecurity.base64Binary {
                throw fail(.unsupportedNonceEncoding)
            }
            guard let bytes = Self.base64(text), !bytes.isEmpty else { throw fail(.badNonce) }
            nonce = bytes
        }
        var created: Date?
        if let text = token.created {
            guard let date = WSSecurity.parseTimestamp(text) else { throw fail(.badTime) }
            created = date
        }
        if type == .digest, nonce == nil || created == nil { throw fail(.digestWithoutNonceOrCreated) }
        var stampCreated: Date?
        var expires: Date?
        if let stamp = security.timestamp {
            // WS-I BSP R3203: a Timestamp has exactly one Created.
            guard let text = stamp.created, let start = WSSecurity.parseTimestamp(text) else { throw fail(.badTime) }
            stampCreated = start
            if let text = stamp.expires {
                guard let end = WSSecurity.parseTimestamp(text) else { throw fail(.badTime) }
                guard end > start else { throw fail(.expiresBeforeCreated) }
                expires = end
            }
        }

        // The clock.
        for date in [created, stampCreated].compactMap({ $0 }) {
            let age = now.timeIntervalSince(date)
            if age > clockSkew { throw fail(.createdTooOld(seconds: Int(age))) }
            if -age > clockSkew { throw fail(.createdInFuture(seconds: Int(-age))) }
        }
        if let expires, expires < now { throw fail(.expired(seconds: Int(now.timeIntervalSince(expires)))) }

        // The password: the same work whether or not the user exists.
        let secret = users.secret(for: user)
        let matches: Bool
        switch type {
        case .text:
            matches = Self.constantTimeEqual(Array(password.utf8), Array((secret ?? standIn).utf8))
        case .digest:
            let expected = WSSecurity.passwordDigest(nonce: nonce ?? [], created: token.created ?? "", password: secret ?? standIn)
            matches = Self.constantTimeEqual(Self.base64(password) ?? [], Self.base64(expected) ?? [])
        }
        guard secret != nil else { throw fail(.unknownUser) }
        guard matches else { throw fail(.wrongPassword) }

        // The nonce, last: only an authenticated message may take a place in the cache.
        if let nonce {
            switch nonces.insert(nonce, created: created ?? stampCreated ?? now, now: now) {
            case .fresh: break
            case .replayed: throw fail(.replayed)
            case .expired, .belowFloor: throw fail(.nonceBelowFloor)
            }
        }
        return user
    }

    /// Whether `a` and `b` are equal, in a time that depends on neither: both are hashed to
    /// 32 bytes first (so their lengths do not matter), then every byte is compared.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let x = SHA256.hash(data: a)
        let y = SHA256.hash(data: b)
        var difference: UInt8 = 0
        for (p, q) in zip(x, y) { difference |= p ^ q }
        return difference == 0
    }

    /// `xs:base64Binary`: whitespace anywhere is allowed (line-wrapped base64), anything
    /// else must be base64.
    static func base64(_ text: String) -> [UInt8]? {
        let compact = text.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return Data(base64Encoded: Data(compact)).map { Array($0) }
    }
}

/// Why a request was not authenticated: the fault to answer (`fault`), the user it claimed
/// (for the log), and what was wrong (`description`, for the log only: the client gets the
/// same text for every failure of one fault).
///
/// ```swift
/// catch let failure as AuthenticationFailure where failure.fault == .messageExpired { … }
/// ```
public struct AuthenticationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
        case missingToken, ambiguous, noUsername, unsupportedPasswordType, noPassword, unsupportedNonceEncoding, badNonce
        case badTime, digestWithoutNonceOrCreated, expiresBeforeCreated
        case createdTooOld(seconds: Int)
        case createdInFuture(seconds: Int)
        case expired(seconds: Int)
        case nonceBelowFloor
        case unknownUser, wrongPassword, replayed
    }

    let code: Code
    /// The `Username` the request claimed; nil when it sent none. Not authenticated.
    public let user: String?

    init(_ code: Code, user: String?) {
        self.code = code
        self.user = user
    }

    /// The WS-Security fault code (SOAP 1.1 `faultcode`, SOAP 1.2 subcode under `Sender`).
    public var fault: SOAPFault.Code {
        switch code {
        case .missingToken, .noPassword, .unknownUser, .wrongPassword, .replayed: return .failedAuthentication
        case .createdTooOld, .createdInFuture, .expired, .nonceBelowFloor: return .messageExpired
        case .ambiguous, .noUsername, .unsupportedPasswordType, .unsupportedNonceEncoding, .badNonce, .badTime,
            .digestWithoutNonceOrCreated, .expiresBeforeCreated:
            return .invalidSecurity
        }
    }

    /// What was wrong, for the server's log: never a password, digest or nonce.
    public var description: String {
        switch code {
        case .missingToken: return "no wsse:Security header with a UsernameToken"
        case .ambiguous: return "the Security header repeats a token or field, or nests markup in one"
        case .noUsername: return "the UsernameToken has no Username"
        case .unsupportedPasswordType: return "the Password's Type is neither PasswordText nor PasswordDigest"
        case .noPassword: return "the UsernameToken has no Password"
        case .unsupportedNonceEncoding: return "the Nonce's EncodingType is not Base64Binary"
        case .badNonce: return "the Nonce is not base64"
        case .badTime: return "a Created or Expires is not an xs:dateTime with a time zone"
        case .digestWithoutNonceOrCreated: return "a PasswordDigest without Nonce and Created"
        case .expiresBeforeCreated: return "the Timestamp expires before it was created"
        case .createdTooOld(let s): return "Created is \(s) s old, beyond the clock skew"
        case .createdInFuture(let s): return "Created is \(s) s in the future, beyond the clock skew"
        case .expired(let s): return "the Timestamp expired \(s) s ago"
        case .nonceBelowFloor: return "the nonce is not in the replay cache and as old as ones it evicted"
        case .unknownUser: return "unknown user"
        case .wrongPassword: return "wrong password"
        case .replayed: return "replayed nonce"
        }
    }
}
