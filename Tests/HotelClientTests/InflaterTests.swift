import ChildProcess
import Foundation
import NIOCore
import Testing

@testable import HotelClient

/// The client's own inflater: gzip, zlib-wrapped and raw deflate, output in bounded pieces,
/// corrupt and cut-off streams refused.
@Suite("Inflater")
struct InflaterTests {
    /// Compresses with the system's gzip tool (another implementation than ours).
    static func gzip(_ data: [UInt8]) throws -> [UInt8] {
        let gzip = try ChildProcess(["gzip", "-c"], stdin: .data(Data(data)), stdout: .pipe)
        let bytes = gzip.readAll()
        try gzip.check()
        return bytes
    }

    static func inflate(_ encoding: Inflater.Encoding, _ compressed: [UInt8], feedSize: Int = 1000) throws -> (bytes: [UInt8], largest: Int)
    {
        let inflater = try Inflater(encoding)
        var out: [UInt8] = []
        var largest = 0
        var at = 0
        while at < compressed.count {
            let piece = Array(compressed[at..<min(compressed.count, at + feedSize)])
            try piece.withUnsafeBytes { raw in
                try inflater.feed(raw) { made in
                    largest = max(largest, made.count)
                    out.append(contentsOf: made)
                }
            }
            at += feedSize
        }
        try inflater.finish()
        return (out, largest)
    }

    @Test("gzip in pieces of at most 64 KiB, whatever one input chunk inflates to")
    func gzipPieces() throws {
        let text = Array(String(repeating: "<h:Hotel>Seoul</h:Hotel>", count: 200_000).utf8)
        let compressed = try Self.gzip(text)
        #expect(compressed.count < text.count / 50)
        let (bytes, largest) = try Self.inflate(.gzip, compressed, feedSize: compressed.count)
        #expect(bytes == text)
        #expect(largest <= Inflater.pieceSize)
    }

    @Test("deflate: the zlib format HTTP names, and the raw deflate some servers send")
    func deflateForms() throws {
        let text = Array("<soap:Envelope>deflated</soap:Envelope>".utf8)
        let gzipped = try Self.gzip(text)
        // gzip's member is raw deflate between a 10-byte header and an 8-byte trailer.
        let raw = Array(gzipped[10..<(gzipped.count - 8)])
        #expect(try Self.inflate(.deflate, raw, feedSize: 3).bytes == text)
        // The zlib wrapper around the same stream: header 78 9C, Adler-32 of the text after.
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in text {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        let zlib = [0x78, 0x9C] + raw + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        #expect(try Self.inflate(.deflate, zlib, feedSize: 1).bytes == text)
    }

    @Test("corrupt, cut off, trailing bytes and unknown encodings are refused")
    func refused() throws {
        let gzipped = try Self.gzip(Array(String(repeating: "abc", count: 1000).utf8))
        #expect(throws: Inflater.Failure.self) { try Self.inflate(.gzip, Array(gzipped.prefix(gzipped.count - 10))) }
        var corrupt = gzipped
        corrupt[15] ^= 0xFF
        #expect(throws: (any Error).self) { try Self.inflate(.gzip, corrupt) }
        #expect(throws: Inflater.Failure.self) { try Self.inflate(.gzip, gzipped + [1, 2, 3]) }
        #expect(throws: Inflater.Failure.self) { try Inflater.Encoding(header: "br") }
        #expect(try Inflater.Encoding(header: "identity") == nil)
        #expect(try Inflater.Encoding(header: nil) == nil)
        #expect(try Inflater.Encoding(header: " GZIP ") == .gzip)
    }

    @Test("a prefetched body past 1 MiB spills to a file and reads back whole, in order")
    func spill() throws {
        let body = SpilledBody()
        var expected: [UInt8] = []
        for i in 0..<40 {
            let chunk = [UInt8](repeating: UInt8(i), count: 50_000)
            expected += chunk
            try body.append(ByteBuffer(bytes: chunk))
        }
        #expect(body.spilledBytes == expected.count - body.chunks.reduce(0) { $0 + $1.readableBytes })
        #expect(body.spilledBytes > 0 && body.chunks.reduce(0) { $0 + $1.readableBytes } <= SpilledBody.memoryLimit)
        var read: [UInt8] = []
        try body.read { read.append(contentsOf: $0) }
        #expect(read == expected)
    }
}
