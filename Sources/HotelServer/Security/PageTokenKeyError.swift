/// Why a `--token-key-file` was refused. The message names the file, never its content.
public struct PageTokenKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case missing
        case unreadable(String)
        case notAFile
        case tooOpen(mode: UInt32)
        case tooShort(bytes: Int)
        case tooLong
    }

    /// The file as it was given.
    public let path: String
    private let code: Code

    private init(_ path: String, _ code: Code) {
        self.path = path
        self.code = code
    }

    static func missing(_ path: String) -> Self { .init(path, .missing) }
    static func unreadable(_ path: String, _ reason: String) -> Self { .init(path, .unreadable(reason)) }
    static func notAFile(_ path: String) -> Self { .init(path, .notAFile) }
    static func tooOpen(_ path: String, mode: UInt32) -> Self { .init(path, .tooOpen(mode: mode)) }
    static func tooShort(_ path: String, bytes: Int) -> Self { .init(path, .tooShort(bytes: bytes)) }
    static func tooLong(_ path: String) -> Self { .init(path, .tooLong) }

    /// The file does not exist or cannot be read, rather than being refused for what it is.
    public var isMissing: Bool {
        switch code {
        case .missing, .unreadable: return true
        default: return false
        }
    }

    /// Group or others may read or write the file.
    public var isTooOpen: Bool {
        if case .tooOpen = code { return true }
        return false
    }

    public var description: String {
        switch code {
        case .missing: return "\(path): no such file"
        case .unreadable(let reason): return "\(path): cannot be read: \(reason)"
        case .notAFile: return "\(path): not a regular file"
        case .tooOpen(let mode):
            return "\(path) may be read or written by group or others (mode \(String(mode, radix: 8))); "
                + "whoever reads it can forge page tokens, so allow its owner only: chmod 600 \(path)"
        case .tooShort(let bytes):
            return "\(path) holds \(bytes) bytes; a key needs at least \(PageTokenKey.minimumBytes) (e.g. openssl rand -hex 32 > \(path))"
        case .tooLong: return "\(path): longer than 4 KiB; is it the right file?"
        }
    }
}
