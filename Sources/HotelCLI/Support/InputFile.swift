import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file (or stdin for `-`) read in chunks, so a 100 MB response never sits in memory.
final class InputFile {
    private let fd: Int32
    private let path: String
    private var buffer = [UInt8](repeating: 0, count: 256 * 1024)

    init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = STDIN_FILENO
            return
        }
        fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CommandFailure(status: .noInput, message: "cannot read \(path): \(reason)")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(fd)
            throw CommandFailure(status: .noInput, message: "cannot read \(path): it is a directory")
        }
    }

    /// The next chunk, or nil at the end of the file.
    func read() throws -> ArraySlice<UInt8>? {
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw CommandFailure(status: .noInput, message: "reading \(path) failed: \(String(cString: strerror(errno)))")
            }
            return n == 0 ? nil : buffer[0..<n]
        }
    }

    func close() {
        if fd != STDIN_FILENO { Glibc.close(fd) }
    }
}
