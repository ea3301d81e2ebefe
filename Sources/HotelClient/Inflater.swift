import CZlib
import Foundation

/// Inflates a `Content-Encoding: gzip` or `deflate` body as it arrives, handing it on in
/// pieces of at most 64 KiB, so a compressed bomb costs 64 KiB of output at a time, not
/// whatever one network read inflates to (AsyncHTTPClient's decompressor inflates each read
/// whole: 64 KiB of a 1000:1 bomb is 64 MB in one buffer).
///
/// `deflate` is read as the zlib format RFC 9110 names, and as raw deflate when the first
/// bytes are not a zlib header (what several servers send).
///
/// ```swift
/// let inflater = try Inflater(encoding: "gzip")
/// try inflater.feed(chunk) { piece in try reader.feed(piece) }
/// try inflater.finish()
/// ```
final class Inflater {
    /// The encodings this reads; nil for `identity` or none.
    enum Encoding {
        case gzip, deflate

        init?(header: String?) throws(Failure) {
            guard let value = header?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty, value != "identity" else {
                return nil
            }
            switch value {
            case "gzip", "x-gzip": self = .gzip
            case "deflate": self = .deflate
            default: throw Failure(reason: "the response is encoded as \(value), which this client does not read")
            }
        }
    }

    /// The body could not be inflated.
    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    static let pieceSize = 64 * 1024
    private var stream = z_stream()
    private var started = false
    private var ended = false
    private let encoding: Encoding
    private var output = [UInt8](repeating: 0, count: Inflater.pieceSize)
    /// Bytes fed before the format was settled (raw deflate or zlib).
    private var sawInput = false

    init(_ encoding: Encoding) throws(Failure) {
        self.encoding = encoding
        // 15 + 16: gzip only. For deflate the window bits are chosen on the first bytes.
        if encoding == .gzip { try start(windowBits: 15 + 16) }
    }

    deinit { if started { inflateEnd(&stream) } }

    private func start(windowBits: Int32) throws(Failure) {
        stream = z_stream()
        guard hs_inflate_init2(&stream, windowBits) == Z_OK else { throw Failure(reason: "zlib could not start inflating") }
        started = true
    }

    /// Inflates `input`, handing each piece of output to `emit` as it is made.
    func feed(_ input: UnsafeRawBufferPointer, _ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !input.isEmpty else { return }
        if !started {
            // A zlib header: CMF's method is 8 and CMF·FLG is a multiple of 31.
            let first = input[0]
            let looksZlib =
                input.count >= 2 ? (first & 0x0F == 8 && (UInt16(first) << 8 | UInt16(input[1])) % 31 == 0) : (first & 0x0F == 8)
            try start(windowBits: looksZlib ? 15 : -15)
        }
        guard !ended else {
            // Bytes after the end of the stream: gzip allows another member, which no
            // SOAP service sends; anything else is garbage. Either way, not a body.
            throw Failure(reason: "the compressed response has bytes after its end")
        }
        let base = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
        stream.next_in = base
        stream.avail_in = uInt(input.count)
        defer {
            stream.next_in = nil
            stream.avail_in = 0
        }
        while stream.avail_in > 0 && !ended {
            let (status, _) = try step(emit)
            switch status {
            case Z_OK: continue
            case Z_STREAM_END: ended = true
            case Z_BUF_ERROR: return  // needs more input
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Failure(reason: "the compressed response is corrupt (\(message))")
            }
        }
        // Output may still be pending inside zlib with no input left: drain it.
        while !ended {
            let (status, made) = try step(emit)
            if status == Z_STREAM_END { ended = true }
            if status != Z_OK || made == 0 { break }
        }
        if ended && stream.avail_in > 0 { throw Failure(reason: "the compressed response has bytes after its end") }
    }

    /// One call of `inflate` into the output piece, handing on what it made.
    private func step(_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> (status: Int32, made: Int) {
        try output.withUnsafeMutableBytes { out in
            stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(out.count)
            let status = inflate(&stream, Z_NO_FLUSH)
            let made = out.count - Int(stream.avail_out)
            if made > 0 { try emit(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(out)[..<made])) }
            return (status, made)
        }
    }

    /// Throws when the compressed stream stopped before its end.
    func finish() throws(Failure) {
        guard started else { return }  // an empty body
        guard ended else { throw Failure(reason: "the compressed response ends before its compressed stream does") }
    }
}
