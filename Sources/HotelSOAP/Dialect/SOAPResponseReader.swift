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
    func feed(_ bytes: UnsafeRawBufferPointer) throws
    func finish() throws -> HotelResponse
}

extension SOAPResponseReader {
    public func feed(_ bytes: some Sequence<UInt8>) throws {
        try Array(bytes).withUnsafeBytes { try feed($0) }
    }
}
