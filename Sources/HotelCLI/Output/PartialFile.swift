import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file written under a temporary name beside its own and renamed into place by
/// ``commit()``: a reader sees it complete or not at all, and a failure part-way leaves
/// nothing behind (the temporary file is removed when this goes uncommitted).
///
/// ```swift
/// let file = try PartialFile(beside: "hotels.csv")
/// let sink = OutputSink(fd: file.fd)
/// try sink.write("…"); try sink.flush()
/// try file.commit()        // hotels.csv appears
/// ```
final class PartialFile {
    let path: String
    let temporaryPath: String
    let fd: Int32
    private var closed = false
    private var committed = false

    init(beside path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        temporaryPath =
            (folder.isEmpty ? "" : folder + "/") + "." + (path as NSString).lastPathComponent + ".partial-\(getpid())"
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandFailure(status: .outputError, message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        if !closed { close(fd) }
        if !committed { unlink(temporaryPath) }
    }

    /// Flushes the file to disk and renames it into place.
    func commit() throws {
        let synced = fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        closed = true
        guard synced, close(fd) == 0 else {
            throw CommandFailure(
                status: .outputError, message: "cannot write \(path): \(synced ? String(cString: strerror(errno)) : reason)")
        }
        guard rename(temporaryPath, path) == 0 else {
            throw CommandFailure(
                status: .outputError, message: "cannot rename the finished file to \(path): \(String(cString: strerror(errno)))")
        }
        committed = true
    }
}
