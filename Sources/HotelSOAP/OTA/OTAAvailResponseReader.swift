/// Reads an `OTA_HotelAvailRS` in a SOAP 1.1 or 1.2 envelope, chunk by chunk, into
/// `HotelInfo`s, with the same streaming parser and limits as the contract's messages
/// (`SOAPMessageParser`), as `OTAAvailRequestReader` reads requests.
///
/// A hotel is the `BasicPropertyInfo` of every `RoomStay` with the same `HotelCode`,
/// in any order, priced at their cheapest `Total`: a page's hotels are handed out when its
/// `RoomStays` ends (see `OTAAvailResponseBuilder`). `Errors` throw ``OTAErrorResponse``
/// from `finish`, a SOAP fault throws `SOAPFault`, malformed XML or another Body element
/// `SOAPParseError`. `Warnings` beside `Success` are in ``warnings`` after `finish`.
///
/// ```swift
/// let reader = OTAAvailResponseReader { hotel in print(hotel.id, hotel.price) }
/// for try await chunk in body { try chunk.withUnsafeReadableBytes { try reader.feed($0) } }
/// let page = try reader.finish().page()   // page.next: .token(MoreDataEchoToken) or nil
/// for warning in reader.warnings { print(warning) }
/// ```
public final class OTAAvailResponseReader: SOAPResponseReader {
    private let builder: OTAAvailResponseBuilder
    private let parser: SOAPMessageParser

    /// - Parameters:
    ///   - onHotel: called with each hotel once its page's `RoomStays` ended (a hotel's
    ///     `RoomStay`s need not be next to each other); when given, hotels are not collected
    ///     into the page.
    ///   - maxHeld: the most hotels held while a page is read; past it the oldest go out
    ///     early (memory stays bounded whatever a partner sends).
    public init(limits: SOAPMessageParser.Limits = .default, maxHeld: Int = 10_000, onHotel: ((HotelInfo) throws -> Void)? = nil) {
        builder = OTAAvailResponseBuilder(onHotel: onHotel, maxHeld: maxHeld)
        parser = SOAPMessageParser(limits: limits, body: builder)
    }

    /// The response's `Warning`s, in document order: complete after `finish`.
    public var warnings: [OTAMessageNote] { builder.warnings }

    /// Parses the next chunk; throws as soon as the bytes so far are known to be bad.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try parser.feed(bytes)
    }

    /// Ends the response: one page of hotels, its `next` the continuation token if any.
    public func finish() throws -> HotelResponse {
        _ = try parser.finishDocument()
        if case .fault(let fault) = parser.message { throw fault }
        guard parser.bodyReaderDone else {
            throw SOAPParseError(.notSOAP, line: 0, reason: "the SOAP Body is empty: no \(OTA.availResponse) in it")
        }
        if !builder.errors.isEmpty { throw OTAErrorResponse(errors: builder.errors) }
        guard builder.success else {
            throw SOAPParseError(
                .invalidValue, line: 0, reason: "\(OTA.availResponse) has neither Success nor Errors", field: OTA.availResponse)
        }
        let next = builder.nextToken.map(PageStart.token)
        return .page(
            ResultPage(
                hotels: builder.hotels, count: builder.hotelsRead, totalCount: nil, next: next,
                notices: builder.warnings.map(\.description)))
    }

    /// Reads a whole response.
    public static func read(_ bytes: some Sequence<UInt8>) throws -> (page: ResultPage, warnings: [OTAMessageNote]) {
        let reader = OTAAvailResponseReader()
        try reader.feed(bytes)
        return (try reader.finish().page(), reader.warnings)
    }
}
