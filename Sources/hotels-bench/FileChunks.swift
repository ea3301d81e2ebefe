import Foundation

/// A file read in 64 KiB chunks, as from a socket: how every parser in the parse section
/// is fed, so they all pay the same reads.
enum FileChunks {
    /// Calls `body` with each chunk until the file ends (true) or `body` returns false.
    static func read(_ path: String, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return true }
            guard try buffer.withUnsafeBytes({ try body(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }) else { return false }
        }
    }
}
