import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file descriptor that closes itself: positioned reads and appends without Foundation's
/// `FileHandle` (which throws Objective-C-style and reads into `Data`). Used by the response
/// cache and the prefetch spill, whose bodies must never be read whole into memory.
final class OpenFile: @unchecked Sendable {
    private var descriptor: Int32

    /// Opens an existing file for reading; nil when it cannot be opened.
    init?(reading path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    /// Creates a new file, readable and writable by its owner only (responses may hold an
    /// account's own rates); nil when it exists or cannot be created.
    init?(creating path: String) {
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
    }

    /// An unnamed temporary file in `directory` (deleted by the kernel when closed); falls
    /// back to a named one, unlinked at once, where `O_TMPFILE` is not supported.
    init?(temporaryIn directory: String) {
        descriptor = open(directory, O_RDWR | O_CLOEXEC | Self.tmpfileFlag, 0o600)
        if descriptor < 0 {
            let path = directory + "/.hotels-spill-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            unlink(path)
        }
    }

    // O_TMPFILE is __O_TMPFILE | O_DIRECTORY, which Swift does not import as a constant.
    private static let tmpfileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    deinit { close() }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// The file's size, or -1.
    var size: Int {
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else { return -1 }
        return Int(info.st_size)
    }

    /// Reads up to `count` bytes at `offset`; the number read, 0 at the end, -1 on error.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return done > 0 ? done : -1 }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// Appends all of `bytes`; false on any failure (a full disk).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if wrote < 0 && errno == EINTR { continue }
            if wrote <= 0 { return false }
            done += wrote
        }
        return true
    }

    func append(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { append($0) } }

    /// Writes all of `bytes` at `offset`, leaving the append position alone.
    func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let wrote = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if wrote < 0 && errno == EINTR { continue }
                if wrote <= 0 { return false }
                done += wrote
            }
            return true
        }
    }
}
