import Foundation
import HotelXML

/// OASIS Web Services Security (WSS 1.0/1.1) UsernameToken Profile: the names and the
/// arithmetic both the client (writing `wsse:Security`) and the server (checking it) use.
///
/// ```swift
/// let created = WSSecurity.timestamp(Date())                 // "2026-11-25T17:45:01.123Z"
/// let digest = WSSecurity.passwordDigest(nonce: nonce, created: created, password: "s3cret")
/// ```
public enum WSSecurity {
    /// `wsse:` — the Security header and the UsernameToken.
    public static let secext = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"
    /// `wsu:` — Timestamp, Created, Expires.
    public static let utility = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"
    /// `Password@Type` of a password sent as it is.
    public static let passwordText = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText"
    /// `Password@Type` of Base64(SHA-1(nonce + created + password)).
    public static let passwordDigest =
        "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest"
    /// `Nonce@EncodingType`.
    public static let base64Binary = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary"

    /// How the password travels.
    public enum PasswordType: String, Sendable, Hashable, CaseIterable {
        /// The password itself: only over TLS.
        case text
        /// Base64(SHA-1(nonce bytes + Created + password)): the password never travels.
        case digest

        /// The `Password@Type` URI.
        public var uri: String { self == .text ? WSSecurity.passwordText : WSSecurity.passwordDigest }
    }

    /// `xs:dateTime` in UTC with milliseconds and a `Z`: the spelling every verifier reads.
    public static func timestamp(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = Int(millis.quotientAndRemainder(dividingBy: 1000).quotient)
        let fraction = Int((millis % 1000 + 1000) % 1000)
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, time) = rest < 0 ? (days - 1, rest + 86_400) : (days, rest)
        let (y, m, d) = civil(fromDays: day)
        func pad(_ n: Int, _ w: Int = 2) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return "\(pad(y, 4))-\(pad(m))-\(pad(d))T\(pad(time / 3600)):\(pad(time / 60 % 60)):\(pad(time % 60)).\(pad(fraction, 3))Z"
    }

    /// Reads an `xs:dateTime` with a zone: `Z`, `+00:00` or any `±hh:mm`, with or without
    /// fractional seconds (any number of digits). Nil for a local time (no zone) or anything else.
    public static func parseTimestamp(_ text: String) -> Date? {
        let s = Array(text.trimmingXMLSpace.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= s.count else { return nil }
            var n = 0
            for c in s[range] {
                guard c >= 48 && c <= 57 else { return nil }
                n = n * 10 + Int(c - 48)
            }
            return n
        }
        guard s.count >= 20, s[4] == 45, s[7] == 45, s[10] == 84 || s[10] == 116, s[13] == 58, s[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var fraction = 0.0
        if s[i] == 46 {
            var scale = 0.1
            i += 1
            let start = i
            while i < s.count, s[i] >= 48 && s[i] <= 57 {
                fraction += Double(s[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < s.count else { return nil }
        var offset = 0
        if s[i] == 90 || s[i] == 122 {  // Z
            i += 1
        } else if s[i] == 43 || s[i] == 45, let oh = number(i + 1..<i + 3), i + 3 < s.count, s[i + 3] == 58, let om = number(i + 4..<i + 6)
        {
            guard oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (s[i] == 45 ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == s.count else { return nil }
        let days = daysFromCivil(year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Howard Hinnant's days_from_civil: days since 1970-01-01.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse: (year, month, day) of a day number.
    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
