import Crypto
import Foundation

// In a file of its own: the only use of swift-crypto in HotelSOAP, which `scripts/fuzz`
// (a direct swiftc build of the parser, without package dependencies) leaves out.
extension WSSecurity {
    /// Base64(SHA-1(nonce + created + password)), the nonce as raw bytes (not its base64
    /// text: the pitfall that costs integrators days) and `created` exactly as sent.
    public static func passwordDigest(nonce: [UInt8], created: String, password: String) -> String {
        var hasher = Insecure.SHA1()
        hasher.update(data: nonce)
        hasher.update(data: Array(created.utf8))
        hasher.update(data: Array(password.utf8))
        return Data(hasher.finalize()).base64EncodedString()
    }
}
