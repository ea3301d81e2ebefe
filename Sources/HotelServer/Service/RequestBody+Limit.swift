import HotelSOAP
import Hummingbird
import NIOCore

extension RequestBody {
    /// Hands the body to `feed` chunk by chunk, held to `limit` bytes whatever its framing.
    ///
    /// A `Content-Length` over the limit is refused before any byte is read (the caller
    /// checks the header); a chunked body can only be measured as it comes, so `feed`
    /// failing on what it read (a malformed or unexpected message) does not settle the
    /// answer yet: the rest is read and dropped, up to the limit, and a body that passes it
    /// is refused with `tooLarge`, as it would have been with a `Content-Length`. Only a body
    /// within the limit gets the fault `feed` threw.
    ///
    /// ```swift
    /// try await request.body.feed(limit: maxBodySize, chunked: true, tooLarge: tooLarge(version)) { chunk in
    ///     try chunk.withUnsafeReadableBytes { try parser.feed($0) }
    /// }
    /// ```
    func feed(
        limit: Int, chunked: Bool, tooLarge: any Error, _ feed: (ByteBuffer) throws -> Void
    ) async throws {
        var received = 0
        var chunks = makeAsyncIterator()
        var failure: (any Error)?
        while let chunk = try await chunks.next() {
            received += chunk.readableBytes
            if received > limit { throw tooLarge }
            guard failure == nil else { continue }
            do {
                try feed(chunk)
            } catch let error as SOAPParseError where chunked {
                failure = error
            }
        }
        if let failure { throw failure }
    }
}
