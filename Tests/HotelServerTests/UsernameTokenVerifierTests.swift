import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

/// The verifier alone, at a fixed clock: every rule of the UsernameToken profile as this
/// server applies it, and which fault each failure becomes.
@Suite("UsernameTokenVerifier")
struct UsernameTokenVerifierTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let users = UserList(["agent7": "correct horse", "acme": "s3cr:et"])

    static func verifier(skew: Duration = .seconds(300)) -> UsernameTokenVerifier {
        UsernameTokenVerifier(users: users, clockSkew: skew)
    }

    /// A PasswordDigest token for `password`, created at `created` (spelt `createdText` when given).
    static func digest(
        user: String = "agent7", password: String = "correct horse", nonce: [UInt8] = Array("0123456789abcdef".utf8),
        created: Date = now, createdText: String? = nil
    ) -> WSSecurityHeader {
        let text = createdText ?? WSSecurity.timestamp(created)
        return WSSecurityHeader(
            usernameToken: .init(
                username: user, password: WSSecurity.passwordDigest(nonce: nonce, created: text, password: password),
                passwordTypeURI: WSSecurity.passwordDigest, nonce: Data(nonce).base64EncodedString(),
                nonceEncodingType: WSSecurity.base64Binary, created: text))
    }

    static func text(user: String = "agent7", password: String = "correct horse", typeURI: String? = WSSecurity.passwordText)
        -> WSSecurityHeader
    {
        WSSecurityHeader(usernameToken: .init(username: user, password: password, passwordTypeURI: typeURI))
    }

    static func failure(_ verifier: UsernameTokenVerifier, _ header: WSSecurityHeader?, now: Date = now) -> AuthenticationFailure? {
        do {
            _ = try verifier.verify(header, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test("PasswordText and PasswordDigest of a known user pass; a missing Type means PasswordText")
    func accepted() throws {
        let verifier = Self.verifier()
        #expect(try verifier.verify(Self.text(), now: Self.now) == "agent7")
        #expect(try verifier.verify(Self.text(typeURI: nil), now: Self.now) == "agent7")
        #expect(try verifier.verify(Self.text(user: "acme", password: "s3cr:et"), now: Self.now) == "acme")
        #expect(try verifier.verify(Self.digest(), now: Self.now) == "agent7")
    }

    @Test("unknown user and wrong password: the same fault, FailedAuthentication; so is a missing token")
    func failedAuthentication() {
        let verifier = Self.verifier()
        let cases: [(String, WSSecurityHeader?)] = [
            ("no header", nil),
            ("no UsernameToken", WSSecurityHeader()),
            ("unknown user, text", Self.text(user: "mallory")),
            ("wrong password, text", Self.text(password: "correct horse ")),
            ("unknown user, digest", Self.digest(user: "mallory")),
            ("wrong password, digest", Self.digest(password: "Correct horse")),
            ("no Password", WSSecurityHeader(usernameToken: .init(username: "agent7"))),
        ]
        for (name, header) in cases {
            let failure = Self.failure(verifier, header)
            #expect(failure?.fault == .failedAuthentication, "\(name)")
        }
        #expect(Self.failure(verifier, Self.text(user: "mallory"))?.user == "mallory")
        #expect(Self.failure(verifier, Self.text(user: "mallory"))?.description == "unknown user")
        #expect(Self.failure(verifier, Self.text(password: "x"))?.description == "wrong password")
    }

    @Test("a header that cannot be read one way: InvalidSecurity")
    func invalidSecurity() {
        let verifier = Self.verifier()
        var noNonce = Self.digest()
        noNonce.usernameToken?.nonce = nil
        var noCreated = Self.digest()
        noCreated.usernameToken?.created = nil
        var badBase64 = Self.digest()
        badBase64.usernameToken?.nonce = "not*base64!"
        var hexNonce = Self.digest()
        hexNonce.usernameToken?.nonceEncodingType =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#HexBinary"
        var malformed = Self.digest()
        malformed.isMalformed = true
        var badCreated = Self.digest()
        badCreated.usernameToken?.created = "2027-01-15T08:00:00"  // no zone
        let noStampCreated = WSSecurityHeader(
            usernameToken: Self.text().usernameToken, timestamp: .init(expires: WSSecurity.timestamp(Self.now)))
        let backwards = WSSecurityHeader(
            usernameToken: Self.text().usernameToken,
            timestamp: .init(created: WSSecurity.timestamp(Self.now), expires: WSSecurity.timestamp(Self.now.addingTimeInterval(-1))))
        let cases: [(String, WSSecurityHeader)] = [
            ("digest without Nonce", noNonce), ("digest without Created", noCreated), ("Nonce not base64", badBase64),
            ("Nonce not Base64Binary", hexNonce), ("repeated field", malformed), ("Created without zone", badCreated),
            ("unsupported password type", Self.text(typeURI: "urn:example:PasswordSHA256")),
            ("no Username", WSSecurityHeader(usernameToken: .init(password: "x"))),
            ("Timestamp without Created", noStampCreated), ("Timestamp expiring before its Created", backwards),
        ]
        for (name, header) in cases {
            #expect(Self.failure(verifier, header)?.fault == .invalidSecurity, "\(name)")
        }
    }

    @Test("Created 10 minutes ahead or behind: MessageExpired with the default skew; 4 minutes either way pass")
    func clockSkew() throws {
        let verifier = Self.verifier()
        #expect(Self.failure(verifier, Self.digest(created: Self.now.addingTimeInterval(600)))?.fault == .messageExpired)
        #expect(Self.failure(verifier, Self.digest(created: Self.now.addingTimeInterval(-600)))?.fault == .messageExpired)
        #expect(
            try verifier.verify(
                Self.digest(nonce: Array("ahead-four-mins!".utf8), created: Self.now.addingTimeInterval(240)), now: Self.now) == "agent7")
        #expect(
            try verifier.verify(
                Self.digest(nonce: Array("behind-four-min!".utf8), created: Self.now.addingTimeInterval(-240)), now: Self.now) == "agent7")
        // A narrower skew refuses what the default allows.
        #expect(
            Self.failure(Self.verifier(skew: .seconds(60)), Self.digest(created: Self.now.addingTimeInterval(-240)))?.fault
                == .messageExpired)
    }

    @Test("the Timestamp: a stale or future Created, a passed Expires are MessageExpired")
    func timestamp() throws {
        let verifier = Self.verifier()
        func stamped(_ created: TimeInterval, _ expires: TimeInterval) -> WSSecurityHeader {
            WSSecurityHeader(
                usernameToken: Self.text().usernameToken,
                timestamp: .init(
                    created: WSSecurity.timestamp(Self.now.addingTimeInterval(created)),
                    expires: WSSecurity.timestamp(Self.now.addingTimeInterval(expires))))
        }
        #expect(try verifier.verify(stamped(-60, 240), now: Self.now) == "agent7")
        #expect(Self.failure(verifier, stamped(-60, -1))?.fault == .messageExpired)
        #expect(Self.failure(verifier, stamped(-600, 60))?.fault == .messageExpired)
        #expect(Self.failure(verifier, stamped(600, 900))?.fault == .messageExpired)
    }

    @Test("Created spelt with Z, +00:00, another offset or any fraction is read, and digested as sent")
    func createdSpellings() throws {
        let verifier = Self.verifier()
        // 1_800_000_000 is 2027-01-15T08:00:00Z.
        let spellings = [
            "2027-01-15T08:00:00Z", "2027-01-15T08:00:00+00:00", "2027-01-15T08:00:00.5Z", "2027-01-15T08:00:00.123456789Z",
            "2027-01-15T10:00:00+02:00", "2027-01-15T03:30:00.25-04:30",
        ]
        for (i, spelling) in spellings.enumerated() {
            let nonce = Array("spelling-nonce-\(i)".utf8)
            #expect(try verifier.verify(Self.digest(nonce: nonce, createdText: spelling), now: Self.now) == "agent7", "\(spelling)")
        }
    }

    @Test("a replayed nonce is FailedAuthentication; a stranger's nonce never enters the cache")
    func replay() throws {
        let verifier = Self.verifier()
        let header = Self.digest()
        #expect(try verifier.verify(header, now: Self.now) == "agent7")
        let replayed = Self.failure(verifier, header, now: Self.now.addingTimeInterval(5))
        #expect(replayed?.fault == .failedAuthentication)
        #expect(replayed?.description == "replayed nonce")
        // Wrong password with a fresh nonce: refused before the cache, so the same nonce
        // with the right password still passes.
        let nonce = Array("stranger-nonce!!".utf8)
        #expect(Self.failure(verifier, Self.digest(password: "guess", nonce: nonce))?.fault == .failedAuthentication)
        #expect(verifier.nonces.count == 1)
        #expect(try verifier.verify(Self.digest(nonce: nonce), now: Self.now) == "agent7")
    }

    @Test("constantTimeEqual: equal, different, different lengths")
    func constantTime() {
        #expect(UsernameTokenVerifier.constantTimeEqual(Array("secret".utf8), Array("secret".utf8)))
        #expect(!UsernameTokenVerifier.constantTimeEqual(Array("secret".utf8), Array("secreT".utf8)))
        #expect(!UsernameTokenVerifier.constantTimeEqual(Array("secret".utf8), Array("secret2".utf8)))
        #expect(!UsernameTokenVerifier.constantTimeEqual([], [0]))
    }

    @Test("no failure's description holds the password, the digest or the nonce")
    func descriptions() {
        let verifier = Self.verifier()
        let header = Self.digest(password: "wrong-secret")
        let failure = Self.failure(verifier, header)
        let token = header.usernameToken!
        for text in [failure.map { "\($0)" } ?? "", String(reflecting: failure as Any)] {
            #expect(!text.contains("wrong-secret"))
            #expect(!text.contains(token.password!))
            #expect(!text.contains(token.nonce!))
        }
    }
}
