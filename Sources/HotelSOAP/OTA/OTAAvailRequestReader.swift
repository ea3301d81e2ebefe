/// Reads an `OTA_HotelAvailRQ` in a SOAP 1.1 or 1.2 envelope, chunk by chunk, with the
/// same streaming parser and limits as the contract's messages (`SOAPMessageParser`).
///
/// Malformed XML, a DOCTYPE, a body that is not SOAP or holds another message throw
/// `SOAPParseError` (the service answers a SOAP fault). Values inside the request never
/// throw: they are collected in ``OTAAvailRequest/problems`` and ``OTAAvailRequest/ignored``.
///
/// ```swift
/// let reader = OTAAvailRequestReader()
/// for try await chunk in body { try chunk.withUnsafeReadableBytes { try reader.feed($0) } }
/// let (version, request) = try reader.finish()
/// ```
public final class OTAAvailRequestReader {
    private let builder = OTARequestBuilder()
    private let parser: SOAPMessageParser

    public init(limits: SOAPMessageParser.Limits = .default) {
        parser = SOAPMessageParser(limits: limits, readsHeader: true, body: builder)
    }

    /// The request's SOAP Header, once read (see `SOAPMessageParser.header`).
    public var header: SOAPHeader? { parser.header }

    /// Parses the next chunk; throws as soon as the bytes so far are known to be bad.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try parser.feed(bytes)
    }

    /// Parses the next chunk from any byte sequence (copied first).
    public func feed(_ bytes: some Sequence<UInt8>) throws {
        try parser.feed(bytes)
    }

    /// Ends the message: the envelope's SOAP version and the criteria.
    public func finish() throws -> (version: SOAPVersion, request: OTAAvailRequest) {
        let version = try parser.finishDocument()
        guard parser.bodyReaderDone else {
            throw SOAPParseError(.notSOAP, line: 0, reason: "the SOAP Body is empty: no \(OTA.availRequest) in it")
        }
        return (version, builder.request)
    }

    /// Reads a whole message.
    public static func read(_ bytes: some Sequence<UInt8>) throws -> (version: SOAPVersion, request: OTAAvailRequest) {
        let reader = OTAAvailRequestReader()
        try reader.feed(bytes)
        return try reader.finish()
    }
}
