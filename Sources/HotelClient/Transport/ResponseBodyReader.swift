import AsyncHTTPClient
import Foundation
import NIOCore

/// Hands a SOAP response's body to its reader as it streams: inflated in 64 KiB pieces when
/// it is gzip or deflate (``Inflater``), each piece counted against the size limit before the
/// reader sees it, and appended to the cache's recording when there is one.
struct ResponseBodyReader {
    let url: String
    let limit: Int
    let recording: ResponseCache.Recording?
    /// Set once any byte went to the reader: from then on a failure is a cut-off answer.
    private(set) var delivered = false
    private var received = 0

    init(url: String, limit: Int, recording: ResponseCache.Recording?) {
        self.url = url
        self.limit = limit
        self.recording = recording
    }

    /// Reads `body` to its end into `consume`. Throws `responseTooLarge` past the limit and
    /// `Inflater.Failure` for a compressed stream that does not inflate.
    mutating func read(
        _ body: HTTPClientResponse.Body, contentEncoding: String?, into consume: (ByteBuffer) throws -> Void
    ) async throws {
        let inflater = try Inflater.Encoding(header: contentEncoding).map(Inflater.init)
        for try await chunk in body {
            if let inflater {
                try chunk.withUnsafeReadableBytes { raw in try inflater.feed(raw) { try take($0, consume) } }
            } else {
                try count(chunk.readableBytes)
                chunk.withUnsafeReadableBytes { recording?.append($0) }
                try consume(chunk)
            }
        }
        try inflater?.finish()
    }

    private mutating func take(_ piece: UnsafeRawBufferPointer, _ consume: (ByteBuffer) throws -> Void) throws {
        try count(piece.count)
        recording?.append(piece)
        try consume(ByteBuffer(bytes: piece))
    }

    private mutating func count(_ bytes: Int) throws {
        received += bytes
        if received > limit { throw HotelClientError.responseTooLarge(url, limit: limit) }
        delivered = true
    }
}
