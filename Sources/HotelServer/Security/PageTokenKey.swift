import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The key that signs OpenTravel `MoreDataEchoToken`s (``OTAPageToken``).
///
/// By default each process draws its own at start (``random()``), so a token is good only
/// on the server that issued it. Replicas behind one balancer must share one
/// (`hotels serve --token-key-file FILE`): the next page of a walk may go to any of them.
/// The file holds at least 32 bytes, whatever they are (e.g. `openssl rand -hex 32`); a
/// trailing newline is not part of the key. Like a users file, it may be read by its owner
/// only (mode 600 or 400): whoever holds the key can forge tokens.
///
/// ```swift
/// let key = try PageTokenKey.load(path: "/etc/hotels/token.key")
/// let service = HotelService(catalog: catalog, configuration: .init(pageTokenKey: key), logger: logger)
/// ```
///
/// Neither `description` nor any error shows the key.
public struct PageTokenKey: Sendable, CustomStringConvertible {
    let key: SymmetricKey

    /// Fewer bytes than HMAC-SHA256's output would make the key the weak part.
    public static let minimumBytes = 32

    /// A key for this process alone.
    public static func random() -> PageTokenKey { PageTokenKey(key: SymmetricKey(size: .bits256)) }

    /// Opens `path`, checks that only its owner may read or write it (on the open file,
    /// so the file read is the file checked), and reads the key.
    public static func load(path: String) throws(PageTokenKeyError) -> PageTokenKey {
        // A key is a line; anything much longer is the wrong file.
        let bytes: [UInt8]
        do { bytes = try OwnerOnlyFile.contents(of: path, maxBytes: 4095) } catch { throw .file(path, error) }
        var key = bytes[...]
        while let last = key.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { key.removeLast() }
        guard key.count >= minimumBytes else { throw .tooShort(path, bytes: key.count) }
        return PageTokenKey(key: SymmetricKey(data: key))
    }

    public var description: String { "PageTokenKey(\(key.bitCount / 8) bytes)" }
}
