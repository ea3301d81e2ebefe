#if canImport(Glibc)
    import Glibc
#endif

/// The bytes of an input read piece by piece, for the record readers: the unread part of
/// the last piece is kept (`start..<end`), moved to the front when more is read, so a row cut
/// between two reads is whole once the next arrives. Memory is a piece plus the longest row,
/// never the file.
///
/// ```swift
/// let buffer = ChunkedBuffer(input: input)
/// while try buffer.fill() { /* parse buffer.bytes[buffer.start..<buffer.end] */ }
/// ```
final class ChunkedBuffer {
    /// The longest row either reader takes: past it a row is refused (an unclosed quote
    /// would otherwise read the rest of the file into memory).
    static let maxRecordBytes = 1 << 20

    private(set) var bytes: [UInt8]
    /// The first byte not yet taken.
    var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    /// Whether the input has ended: `start..<end` is all there is.
    private(set) var atEnd = false
    private let input: InventoryInput
    private let chunkSize: Int

    /// `chunkSize`: how much one read asks for (tests make it tiny to cut rows anywhere).
    init(input: InventoryInput, chunkSize: Int = 256 * 1024) {
        self.input = input
        self.chunkSize = max(1, chunkSize)
        bytes = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// Reads more after what is kept. Returns false at the end of the input.
    ///
    /// - Throws: `inputUnreadable` when reading fails; `invalidData` at `line` when the
    ///   unread part is already ``maxRecordBytes`` long: one row that long.
    func fill(line: Int) throws(InventoryError) -> Bool {
        guard !atEnd else { return false }
        if start > 0 {
            let kept = end - start
            if kept > 0 {
                bytes.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    memmove(base, base + start, kept)
                }
            }
            end = kept
            start = 0
        }
        if end >= Self.maxRecordBytes {
            throw .invalidData(
                file: input.path, line: line, "a row longer than \(Self.maxRecordBytes >> 20) MiB: is a quote left open?")
        }
        if bytes.count - end < chunkSize { bytes.append(contentsOf: repeatElement(0, count: max(chunkSize, bytes.count))) }
        while true {
            let n = bytes.withUnsafeMutableBytes { raw in read(input.fd, raw.baseAddress! + end, min(chunkSize, raw.count - end)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .inputUnreadable(input.path, "reading it failed: \(String(cString: strerror(errno)))") }
            if n == 0 {
                atEnd = true
                return false
            }
            end += n
            return true
        }
    }
}
