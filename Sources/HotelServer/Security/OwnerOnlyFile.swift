import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file of secrets (a `--users` list, a `--token-key-file`) that only its owner may read
/// or write, read whole.
///
/// The mode is checked on the open file (`fstat`), so the file read is the file checked,
/// never one swapped in between a `stat` and an `open`. Each caller turns a ``Failure`` into
/// its own error, which names its flag and says what to do.
enum OwnerOnlyFile {
    enum Failure: Error, Sendable, Hashable {
        case missing
        case unreadable(String)
        case notAFile
        /// Group or others have some access: the permission bits.
        case tooOpen(mode: UInt32)
        case tooLarge

        /// The file does not exist or cannot be read, rather than being refused for what it is.
        var isMissing: Bool {
            switch self {
            case .missing, .unreadable: return true
            default: return false
            }
        }

        var isTooOpen: Bool {
            if case .tooOpen = self { return true }
            return false
        }

        /// One line naming `path`. `risk` says what a reader of the file could do;
        /// `limit` is `maxBytes` in words.
        func message(_ path: String, risk: String, limit: String) -> String {
            switch self {
            case .missing: return "\(path): no such file"
            case .unreadable(let reason): return "\(path): cannot be read: \(reason)"
            case .notAFile: return "\(path): not a regular file"
            case .tooOpen(let mode):
                return "\(path) may be read or written by group or others (mode \(String(mode, radix: 8))); "
                    + "\(risk), so allow its owner only: chmod 600 \(path)"
            case .tooLarge: return "\(path): \(limit); is it the right file?"
            }
        }
    }

    /// The bytes of `path`; more than `maxBytes` of them is ``Failure/tooLarge``.
    static func contents(of path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        guard info.st_mode & 0o077 == 0 else { throw .tooOpen(mode: UInt32(info.st_mode & 0o777)) }
        guard info.st_size <= maxBytes else { throw .tooLarge }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
            // A file that grows while it is read is held to the same bound.
            if bytes.count > maxBytes { throw .tooLarge }
        }
        return bytes
    }
}
