import Foundation
import HotelCatalogs
import Imaging

#if canImport(Glibc)
    import Glibc
#endif

/// A `logo` column's file made into what the catalog stores: read (at most
/// ``Imaging/ImageDecoder/maxLogoFileBytes``), decoded with the limits every logo is decoded
/// with (``Imaging/ImageDecoder/logo``), fitted into ``HotelCatalogs/CatalogSchema/logoSide``
/// pixels a side, and encoded again as PNG: the server then serves pixels it has seen
/// decode, never a file's own chunks or metadata.
///
/// ```swift
/// let png = try LogoFile.storedPNG(path: "logos/acme.png")
/// ```
enum LogoFile {
    /// Why a logo file cannot be taken, worded for the `logo` column's message.
    struct Failure: Error {
        var problem: String
    }

    static func storedPNG(path: String) throws(Failure) -> [UInt8] {
        let bytes = try contents(of: path)
        do {
            var image = try ImageDecoder.logo.decode(bytes)
            let side = CatalogSchema.logoSide
            if image.width > side || image.height > side { image = image.thumbnail(fittingWidth: side, height: side) }
            return try PNGEncoder.encode(image)
        } catch {
            let detail = error == .imageTooLarge ? error.detail.map { " (\($0))" } ?? "" : ""
            throw Failure(problem: "\(error.description)\(detail): give a PNG or JPEG file")
        }
    }

    private static func contents(of path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(problem: "cannot read it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(problem: "cannot read it: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(problem: "cannot read it: it is not a file") }
        let limit = ImageDecoder.maxLogoFileBytes
        guard info.st_size <= limit else {
            throw Failure(problem: "it is \(info.st_size) bytes, larger than the \(limit >> 20) MiB a logo may be")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw Failure(problem: n == 0 ? "it ended early" : "reading it failed: \(String(cString: strerror(errno)))")
            }
            done += n
        }
        return bytes
    }
}
