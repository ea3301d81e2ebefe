import HotelXML

/// A `wsse:Security` header block as received: the texts of its UsernameToken and
/// Timestamp, unchecked. Checking them (the password, the clock, replays) is the server's
/// job; this only says what was sent.
///
/// ```swift
/// let parser = SOAPMessageParser(readsHeader: true)
/// try parser.feed(body)
/// _ = try parser.finish()
/// if let token = parser.header?.security?.usernameToken, token.passwordType == .digest { … }
/// ```
///
/// The password and the nonce never appear in `description`, `debugDescription` or `dump`.
public struct WSSecurityHeader: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A `wsse:UsernameToken`'s fields, each nil when its element was absent.
    public struct Token: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// `wsse:Username`, without XML whitespace at either end.
        public var username: String?
        /// `wsse:Password`'s text exactly as sent: the password, or the digest's base64.
        public var password: String?
        /// `wsse:Password@Type` as sent; nil when the attribute was absent.
        public var passwordTypeURI: String?
        /// `wsse:Nonce`'s text (base64 unless `nonceEncodingType` says otherwise).
        public var nonce: String?
        /// `wsse:Nonce@EncodingType` as sent; nil when absent (the profile's default is base64).
        public var nonceEncodingType: String?
        /// `wsu:Created`'s text exactly as sent: the digest is computed over these characters.
        public var created: String?

        public init(
            username: String? = nil, password: String? = nil, passwordTypeURI: String? = nil, nonce: String? = nil,
            nonceEncodingType: String? = nil, created: String? = nil
        ) {
            self.username = username
            self.password = password
            self.passwordTypeURI = passwordTypeURI
            self.nonce = nonce
            self.nonceEncodingType = nonceEncodingType
            self.created = created
        }

        /// The password's type: `.text` when `Type` is absent (the profile's default), nil
        /// for a type URI this profile does not define.
        public var passwordType: WSSecurity.PasswordType? {
            guard let uri = passwordTypeURI?.trimmingXMLSpace else { return .text }
            return WSSecurity.PasswordType.allCases.first { $0.uri == uri }
        }

        public var description: String {
            let type = passwordType.map(\.rawValue) ?? "unsupported type"
            return "UsernameToken(\(username ?? "no Username"), password \(password == nil ? "absent" : type), redacted)"
        }
        public var debugDescription: String { description }
        public var customMirror: Mirror {
            Mirror(self, children: ["username": username as Any, "passwordTypeURI": passwordTypeURI as Any, "created": created as Any])
        }
    }

    /// A `wsu:Timestamp`'s fields, each nil when absent.
    public struct Timestamp: Sendable, Equatable {
        public var created: String?
        public var expires: String?

        public init(created: String? = nil, expires: String? = nil) {
            self.created = created
            self.expires = expires
        }
    }

    /// The block's UsernameToken; nil when it held none.
    public var usernameToken: Token?
    /// The block's Timestamp; nil when it held none.
    public var timestamp: Timestamp?
    /// Something came twice where the profile allows one (a second Security block for this
    /// server, a second UsernameToken or Timestamp, a field repeated), or an element stood
    /// inside a text field: the header cannot be read one way only, so a verifier refuses it.
    public var isMalformed: Bool

    public init(usernameToken: Token? = nil, timestamp: Timestamp? = nil, isMalformed: Bool = false) {
        self.usernameToken = usernameToken
        self.timestamp = timestamp
        self.isMalformed = isMalformed
    }

    public var description: String {
        var parts = [usernameToken.map(\.description) ?? "no UsernameToken"]
        if let timestamp { parts.append("Timestamp(\(timestamp.created ?? "no Created"), \(timestamp.expires ?? "no Expires"))") }
        if isMalformed { parts.append("malformed") }
        return "Security(\(parts.joined(separator: ", ")))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["usernameToken": usernameToken as Any, "timestamp": timestamp as Any, "isMalformed": isMalformed])
    }
}
