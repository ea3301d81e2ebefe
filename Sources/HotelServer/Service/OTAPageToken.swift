import Crypto
import Foundation

/// The `MoreDataEchoToken` of the OTA endpoint: where the next page starts, bound to the
/// search it belongs to and signed, so a client can neither edit the offset nor replay a
/// token against another search.
///
/// Layout (base64url, 87 characters): format byte 2, offset (8 bytes, big-endian), the
/// catalog's version when the page was read (8 bytes, ``HotelCatalogs/HotelCatalog/version``),
/// the first 16 bytes of SHA-256 over the search's criteria, HMAC-SHA256 of those 33 bytes under the
/// server's ``PageTokenKey``: by default drawn at random when the server starts, so tokens
/// die with the server, as a cache key would, and a token from another server fails its
/// MAC; replicas given the same `--token-key-file` accept each other's tokens (the offset
/// means the same on each: they read one database, every order ending in the id).
///
/// The catalog's version is in the token because an offset is exact only over the results it
/// was counted in: after a committed change (`hotels import`) a hotel may have moved into or
/// out of the pages already seen, so a token from before is refused (``Failure/resultsChanged``)
/// and the client starts over, rather than skipping or repeating a hotel without knowing.
///
/// ```swift
/// let signer = OTAPageToken(key: SymmetricKey(size: .bits256))
/// let token = signer.make(offset: 50, criteria: "city=Seoul", catalogVersion: 7)
/// try signer.offset(of: token, criteria: "city=Seoul", catalogVersion: 7)   // 50
/// try signer.offset(of: token, criteria: "city=Seoul", catalogVersion: 8)   // throws .resultsChanged
/// ```
struct OTAPageToken: Sendable {
    enum Failure: Error, Equatable {
        /// Not ours: bad encoding, length, version or MAC.
        case forged
        /// Ours, but for other criteria.
        case otherSearch
        /// Ours and for this search, but the catalog has changed since it was issued.
        case resultsChanged
    }

    let key: SymmetricKey

    init(key: SymmetricKey = SymmetricKey(size: .bits256)) {
        self.key = key
    }

    func make(offset: Int, criteria: String, catalogVersion: UInt64) -> String {
        var payload: [UInt8] = [Self.format]
        withUnsafeBytes(of: UInt64(offset).bigEndian) { payload += $0 }
        withUnsafeBytes(of: catalogVersion.bigEndian) { payload += $0 }
        payload += Self.digest(criteria)
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
        return Self.base64url(payload + Array(mac))
    }

    func offset(of token: String, criteria: String, catalogVersion: UInt64) throws(Failure) -> Int {
        guard let bytes = Self.decode(token), bytes.count == 33 + 32, bytes[0] == Self.format else { throw .forged }
        let payload = Array(bytes[0..<33])
        guard HMAC<SHA256>.isValidAuthenticationCode(Array(bytes[33...]), authenticating: payload, using: key) else { throw .forged }
        guard Array(payload[17..<33]) == Self.digest(criteria) else { throw .otherSearch }
        guard payload[9..<17].reduce(UInt64(0), { $0 << 8 | UInt64($1) }) == catalogVersion else { throw .resultsChanged }
        let offset = payload[1..<9].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard offset <= UInt64(Int.max) else { throw .forged }
        return Int(offset)
    }

    /// 2 since tokens carry the catalog's version; a token of format 1 is refused as not ours.
    private static let format: UInt8 = 2

    private static func digest(_ criteria: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(criteria.utf8)).prefix(16))
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64url without padding (RFC 4648 §5), written straight from the bytes: Foundation's
    /// base64 and three `replacingOccurrences` were most of a token's cost, and a token is
    /// made for every OpenTravel page that has a next one.
    static func base64url(_ bytes: [UInt8]) -> String {
        let count = bytes.count / 3 * 4 + [0, 2, 3][bytes.count % 3]
        return String(unsafeUninitializedCapacity: count) { out in
            var o = 0
            var i = 0
            while i < bytes.count {
                let b0 = UInt32(bytes[i])
                let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
                let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
                let n = b0 << 16 | b1 << 8 | b2
                for shift in [18, 12, 6, 0] where o < count {
                    out[o] = alphabet[Int(n >> UInt32(shift) & 63)]
                    o += 1
                }
                i += 3
            }
            return count
        }
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
