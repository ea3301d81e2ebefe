/// Reads one SOAP response as it arrives, chunk by chunk: what a `SOAPDialect` hands
/// the transport.
///
/// ```swift
/// let reader = dialect.responseReader { hotel in try writer.write(hotel) }
/// for try await chunk in body { try reader.feed(chunk) }
/// let response = try reader.finish()   // a fault is thrown as `SOAPFault`
/// ```
///
/// `feed` throws as soon as the bytes so far are known to be bad (`SOAPParseError`), or
/// with whatever `onHotel` threw, so a caller can stop reading the network. `finish`
/// throws `SOAPFault` for a fault and `SOAPParseError` for an incomplete or unexpected
/// message: a truncated response is never a short page.
public protocol SOAPResponseReader: AnyObject {
    /// Reads the next chunk; throws as soon as the bytes so far are known to be bad.
    func feed(_ bytes: UnsafeRawBufferPointer) throws
    /// Ends the response and returns what it said; a fault is thrown as `SOAPFault`.
    func finish() throws -> HotelResponse
}

extension SOAPResponseReader {
    /// Reads the next chunk from any byte sequence, e.g. `[UInt8]` or `Data`; it is copied first.
    public func feed(_ bytes: some Sequence<UInt8>) throws {
        try Array(bytes).withUnsafeBytes { try feed($0) }
    }
}
