import Crypto
import Foundation

/// The `MoreDataEchoToken` of the OTA endpoint: where the next page starts, bound to the
/// search it belongs to and signed, so a client can neither edit the offset nor replay a
/// token against another search.
///
/// Layout (base64url, 76 characters): version byte 1, offset (8 bytes, big-endian), the first
/// 16 bytes of SHA-256 over the search's criteria, HMAC-SHA256 of those 25 bytes under the
/// server's ``PageTokenKey``: by default drawn at random when the server starts, so tokens
/// die with the server, as a cache key would, and a token from another server fails its
/// MAC; replicas given the same `--token-key-file` accept each other's tokens (the offset
/// means the same on each: they read one database, every order ending in the id).
///
/// ```swift
/// let signer = OTAPageToken(key: SymmetricKey(size: .bits256))
/// let token = signer.make(offset: 50, criteria: "city=Seoul")
/// try signer.offset(of: token, criteria: "city=Seoul")   // 50
/// ```
struct OTAPageToken: Sendable {
    enum Failure: Error, Equatable {
        /// Not ours: bad encoding, length, version or MAC.
        case forged
        /// Ours, but for other criteria.
        case otherSearch
    }

    let key: SymmetricKey

    init(key: SymmetricKey = SymmetricKey(size: .bits256)) {
        self.key = key
    }

    func make(offset: Int, criteria: String) -> String {
        var payload: [UInt8] = [1]
        withUnsafeBytes(of: UInt64(offset).bigEndian) { payload += $0 }
        payload += Self.digest(criteria)
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
        return Self.base64url(payload + Array(mac))
    }

    func offset(of token: String, criteria: String) throws(Failure) -> Int {
        guard let bytes = Self.decode(token), bytes.count == 25 + 32, bytes[0] == 1 else { throw .forged }
        let payload = Array(bytes[0..<25])
        guard HMAC<SHA256>.isValidAuthenticationCode(Array(bytes[25...]), authenticating: payload, using: key) else { throw .forged }
        guard Array(payload[9..<25]) == Self.digest(criteria) else { throw .otherSearch }
        let offset = payload[1..<9].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard offset <= UInt64(Int.max) else { throw .forged }
        return Int(offset)
    }

    private static func digest(_ criteria: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(criteria.utf8)).prefix(16))
    }

    private static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decode(_ token: String) -> [UInt8]? {
        guard token.count <= 128, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var text = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).map(Array.init)
    }
}
