import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One input of an import: a file, or standard input (`-`), opened before the catalog is
/// touched, so that a missing file stops the import before any work.
///
/// ```swift
/// let inputs = try ["hotels.csv", "more.jsonl"].map { try InventoryInput.open($0, format: nil) }
/// ```
public final class InventoryInput {
    /// As given on the command line; `-` is standard input.
    public let path: String
    public let format: InventoryFormat
    /// What `logo` paths are relative to: the file's folder, or the current directory for
    /// standard input.
    public let baseDirectory: String
    let fd: Int32

    private init(path: String, format: InventoryFormat, baseDirectory: String, fd: Int32) {
        self.path = path
        self.format = format
        self.baseDirectory = baseDirectory
        self.fd = fd
    }

    deinit {
        if fd != STDIN_FILENO { close(fd) }
    }

    /// Opens `path` for reading; `format` overrides what its name says.
    ///
    /// - Throws: ``InventoryError`` `inputNotFound`, `inputUnreadable` (a directory, no
    ///   permission) or `formatUnknown` (no `format` and a name without `.csv`/`.jsonl`).
    public static func open(_ path: String, format: InventoryFormat?) throws(InventoryError) -> InventoryInput {
        guard let format = format ?? InventoryFormat(path: path) else { throw .formatUnknown(path) }
        if path == "-" {
            return InventoryInput(path: path, format: format, baseDirectory: ".", fd: STDIN_FILENO)
        }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            if code == ENOENT || code == ENOTDIR { throw .inputNotFound(path, "cannot read it: \(reason)") }
            throw .inputUnreadable(path, "cannot read it: \(reason)")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(fd)
            throw .inputUnreadable(path, "cannot read it: it is a directory")
        }
        let folder = (path as NSString).deletingLastPathComponent
        return InventoryInput(path: path, format: format, baseDirectory: folder.isEmpty ? "." : folder, fd: fd)
    }

    /// Where a `logo` value points: as written when absolute, else from ``baseDirectory``.
    func resolve(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : (baseDirectory as NSString).appendingPathComponent(relative)
    }
}
