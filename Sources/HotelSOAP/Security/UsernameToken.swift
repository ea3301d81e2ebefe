import Foundation
import HotelXML

/// A WS-Security UsernameToken to sign requests with: writes the `wsse:Security` header
/// block, with a fresh 16-byte nonce and the time for every message (a retry too, or the
/// server's replay cache would refuse it).
///
/// ```swift
/// let token = UsernameToken(username: "agent7", password: secret, type: .digest)
/// let signed = try request.addingHeader(token.header())
/// ```
///
/// The password never appears in `description`, `debugDescription` or `dump`.
public struct UsernameToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var username: String
    /// Read from a file or the environment; never from the command line.
    public var password: String
    public var type: WSSecurity.PasswordType
    /// How long the `wsu:Timestamp` says the message is good for; nil sends no Timestamp.
    public var timestampLifetime: Duration?

    public init(username: String, password: String, type: WSSecurity.PasswordType = .digest, timestampLifetime: Duration? = .seconds(300)) {
        self.username = username
        self.password = password
        self.type = type
        self.timestampLifetime = timestampLifetime
    }

    /// The header block for one message sent at `now`. Throws `XMLWriterError` for a user
    /// name XML cannot carry.
    public func header(now: Date = Date(), nonce: [UInt8]? = nil) throws(XMLWriterError) -> [UInt8] {
        let created = WSSecurity.timestamp(now)
        var xml = XMLWriter(capacity: 900)
        xml.raw("<wsse:Security xmlns:wsse=\"\(WSSecurity.secext)\" xmlns:wsu=\"\(WSSecurity.utility)\">")
        if let lifetime = timestampLifetime {
            let seconds = Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) * 1e-18
            let expires = WSSecurity.timestamp(now.addingTimeInterval(seconds))
            xml.raw(
                "<wsu:Timestamp wsu:Id=\"TS-1\"><wsu:Created>\(created)</wsu:Created><wsu:Expires>\(expires)</wsu:Expires></wsu:Timestamp>")
        }
        xml.raw("<wsse:UsernameToken wsu:Id=\"UT-1\">")
        try xml.element("wsse:Username", username, field: "Username")
        xml.raw("<wsse:Password Type=\"\(type.uri)\">")
        switch type {
        case .text:
            try xml.text(password, field: "Password")
            xml.raw("</wsse:Password>")
        case .digest:
            let bytes = nonce ?? Self.freshNonce()
            xml.raw(WSSecurity.passwordDigest(nonce: bytes, created: created, password: password))
            xml.raw("</wsse:Password>")
            xml.raw("<wsse:Nonce EncodingType=\"\(WSSecurity.base64Binary)\">\(Data(bytes).base64EncodedString())</wsse:Nonce>")
            xml.raw("<wsu:Created>\(created)</wsu:Created>")
        }
        xml.raw("</wsse:UsernameToken></wsse:Security>")
        return xml.bytes
    }

    /// 16 bytes from the system's CSPRNG.
    static func freshNonce() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    public var description: String { "UsernameToken(\(username), password \(type.rawValue), redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["username": username, "type": type]) }
}
