import Foundation
import HotelXML

/// Reads SOAP messages of the contract, whole or as a stream.
///
/// Whole:
/// ```swift
/// let envelope = try SOAPMessageParser.parse(data)          // any message
/// let page = try SOAPMessageParser.parseSearchPage(data)     // throws SOAPFault on a fault
/// ```
/// Streaming, as network chunks arrive; each hotel is handed out as its element closes
/// and is not kept, so memory stays flat however long the response:
/// ```swift
/// let parser = SOAPMessageParser { hotel in print(hotel.name) }
/// for try await chunk in body { try parser.feed(chunk) }
/// let envelope = try parser.finish()   // .searchResults(page) with page.hotels empty
/// ```
///
/// `onHotel` runs during `feed`/`finish`, on the caller's thread: on the caller's own stack
/// for a UTF-8 body (our tokenizer, nearly all traffic), on the parser's own 1 MiB stack for
/// any other encoding (libxml2 pauses there between chunks; see `SAXDriver`). Keep deep
/// recursion out of it. A hotel comes out as soon as its end tag has been fed.
///
/// Errors are `SOAPParseError` (malformed, truncated, DOCTYPE, not XML, not SOAP, invalid
/// value), or whatever `onHotel` threw. A truncated document is always an error, never a
/// short page.
public final class SOAPMessageParser {
    /// Bounds on what a message may make the parser do.
    ///
    /// ```swift
    /// let parser = SOAPMessageParser(limits: .init(maxDepth: 16, maxFieldBytes: 64 << 10))
    /// ```
    public struct Limits: Sendable {
        /// Deeper nesting is an error: a SOAP response of ours is 5 levels deep.
        public var maxDepth: Int
        /// A longer text field is an error naming it (`invalidValue`). The text of a field
        /// is collected whole, so this bounds the parser's memory for any response, even
        /// one compressed field that inflates to gigabytes.
        public var maxFieldBytes: Int

        /// More attributes on one element is an error (`tooLarge`), checked before libxml2
        /// reads them: libxml2 2.9 compares each attribute with every earlier one, so
        /// 50,000 on one tag cost seconds. Namespace declarations count too.
        public var maxAttributes: Int
        /// More namespace declarations on one element is an error (`tooLarge`): libxml2
        /// checks each against the others as it does attributes.
        public var maxNamespaceDeclarations: Int
        /// A longer start tag (name and attributes) is an error (`tooLarge`).
        public var maxStartTagBytes: Int
        /// More top-level blocks in a request's Header is an error (`tooLarge`): each is
        /// kept (`SOAPMessageParser.header`) until the server has checked them.
        public var maxHeaderBlocks: Int

        /// Limits allowing `maxDepth` levels of nesting, fields of `maxFieldBytes`, start
        /// tags within the next three and `maxHeaderBlocks` header blocks.
        public init(
            maxDepth: Int = 64, maxFieldBytes: Int = 1 << 20, maxAttributes: Int = 256, maxNamespaceDeclarations: Int = 64,
            maxStartTagBytes: Int = 64 << 10, maxHeaderBlocks: Int = 64
        ) {
            self.maxDepth = maxDepth
            self.maxFieldBytes = maxFieldBytes
            self.maxAttributes = maxAttributes
            self.maxNamespaceDeclarations = maxNamespaceDeclarations
            self.maxStartTagBytes = maxStartTagBytes
            self.maxHeaderBlocks = maxHeaderBlocks
        }

        /// What `init` and `parse` use when given none: 64 levels, 1 MiB per field, 256
        /// attributes and 64 namespace declarations per element, 64 KiB per start tag, 64
        /// header blocks.
        public static let `default` = Limits()
    }

    private let handler: SOAPMessageHandler
    private let driver: SAXDriver
    private let sniffer = ContentSniffer()
    private var finished = false

    /// - Parameters:
    ///   - readsHeader: for a server reading requests: record the SOAP Header (`header`).
    ///     Without it the Header is skipped unread, as a client reading responses wants.
    ///   - onHotel: called with each hotel of a `SearchHotelsResponse` as soon as
    ///     it is complete. When given, hotels are not collected into the page. Throwing
    ///     from it stops the parse and `feed`/`finish` rethrow that error.
    public convenience init(limits: Limits = .default, readsHeader: Bool = false, onHotel: ((HotelInfo) throws -> Void)? = nil) {
        let contract = ContractBodyReader(maxDepth: limits.maxDepth, onHotel: onHotel)
        self.init(
            limits: limits, handler: ContractMessageHandler(contract: contract, limits: limits, readsHeader: readsHeader), body: contract)
        self.contract = contract
    }

    /// A parser whose Body must hold a message `body` accepts (or a fault, if it accepts
    /// one), read into `body`: how each dialect, our contract included, reads its messages.
    package convenience init(limits: Limits, readsHeader: Bool = false, body: SOAPBodyReader) {
        let handler = SOAPMessageHandler(
            maxDepth: limits.maxDepth, maxFieldBytes: limits.maxFieldBytes, readsHeader: readsHeader,
            maxHeaderBlocks: limits.maxHeaderBlocks)
        self.init(limits: limits, handler: handler, body: body)
    }

    private init(limits: Limits, handler: SOAPMessageHandler, body: SOAPBodyReader) {
        self.handler = handler
        driver = SAXDriver(handler: handler)
        driver.tagLimits = (limits.maxAttributes, limits.maxNamespaceDeclarations, limits.maxStartTagBytes)
        handler.driver = driver
        bodyReader = body
        handler.bodyReader = Unmanaged.passUnretained(body)
    }

    /// Keeps the handler's unretained `bodyReader` alive as long as the parse.
    private let bodyReader: SOAPBodyReader
    /// The contract's reader, when this parser reads our contract's messages.
    private var contract: ContractBodyReader?

    /// `TotalCount` of a search response, as soon as it has been read (before any hotel).
    public var totalCount: Int? { contract?.totalCount }

    /// Hotels of a search response read so far, whether handed to `onHotel` or collected.
    public var hotelsRead: Int { contract?.hotelsRead ?? 0 }

    /// Parses the next chunk of the message. Throws as soon as the bytes so far are
    /// known to be bad, so a caller can stop reading the network.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard !finished else { return }
        switch try Self.soap({ () throws(XMLInputError) in try sniffer.take(bytes) }) {
        case .wait: return
        case .direct:
            try push(bytes, last: false)
        case .buffered(let all):
            try all.withUnsafeBytes { try push($0, last: false) }
        }
    }

    /// Parses the next chunk from any byte sequence, e.g. `[UInt8]` or `Data`; it is copied first.
    public func feed(_ bytes: some Sequence<UInt8>) throws {
        let array = Array(bytes)
        try array.withUnsafeBytes { try feed($0) }
    }

    /// Ends the message and returns it. Throws if it was incomplete or invalid.
    public func finish() throws -> SOAPEnvelope {
        let version = try finishDocument()
        guard let message else {
            throw SOAPParseError(.notSOAP, line: driver.line, reason: "the SOAP Body is empty: no response, request or fault in it")
        }
        return SOAPEnvelope(version: version, message: message)
    }

    /// The request's SOAP Header (with `readsHeader`), once it is complete: after its end
    /// tag, or once the Body began without one (then empty). Nil before that, and always
    /// without `readsHeader`. Still there when the Body then failed to parse, so a server
    /// can refuse an unauthenticated request before saying what was wrong with its Body.
    ///
    /// ```swift
    /// let parser = SOAPMessageParser(readsHeader: true)
    /// do { try parser.feed(body); _ = try parser.finish() } catch {
    ///     if let header = parser.header { try authenticate(header) }
    ///     throw error
    /// }
    /// ```
    public var header: SOAPHeader? { handler.readsHeader && handler.headerDone ? handler.header : nil }

    /// The first element inside the Body (its name and namespace URI), once its start tag
    /// was read: what `hotels parse` picks a dialect by.
    public var bodyElement: SOAPBodyElement? { handler.bodyElement }

    /// The message read: the contract's, or the fault standing in any dialect's Body.
    package var message: SOAPMessage? { handler.message ?? contract?.message }

    /// Whether the body reader's root element closed.
    package var bodyReaderDone: Bool { handler.bodyReaderDone }

    /// Ends the document and returns its SOAP version, whatever the Body held.
    package func finishDocument() throws -> SOAPVersion {
        guard !finished else { throw SOAPParseError(.notXML, line: 0, reason: "the parser was already finished") }
        finished = true
        if let buffered = try Self.soap({ () throws(XMLInputError) in try sniffer.finish() }) {
            try buffered.withUnsafeBytes { try push($0, last: false) }
        }
        try push(UnsafeRawBufferPointer(start: nil, count: 0), last: true)
        if let error = handler.error { throw error }
        guard handler.rootClosed, let version = handler.version else {
            throw SOAPParseError(.truncated, line: driver.line, reason: "the message was cut off: it ends before its Envelope closes")
        }
        return version
    }

    private func push(_ bytes: UnsafeRawBufferPointer, last: Bool) throws {
        if driver.parse(bytes, last: last) { return }
        // First: a tag cut at a limit may look to the handler like a broken element.
        if let error = driver.tagLimitError { throw SOAPParseError(error) }
        if let error = handler.delegateError { throw error }
        if let error = handler.error { throw error }
        guard let failure = driver.failure else { return }
        // The root never closed and the input ran out: the message was cut off.
        let truncated = last && failure.atEndOfInput && !handler.rootClosed && handler.version != nil
        if truncated {
            throw SOAPParseError(
                .truncated, line: failure.line, column: failure.column,
                reason: "the message was cut off: it ends before its Envelope closes")
        }
        throw SOAPParseError(.malformed, line: failure.line, column: failure.column, reason: "malformed XML: \(failure.message)")
    }
}

extension SOAPMessageParser {
    /// What the XML engine refused, as this parser's error.
    fileprivate static func soap<T>(_ body: () throws(XMLInputError) -> T) throws(SOAPParseError) -> T {
        do { return try body() } catch { throw SOAPParseError(error) }
    }

    /// Parses a whole message.
    public static func parse(_ bytes: some Sequence<UInt8>, limits: Limits = .default) throws -> SOAPEnvelope {
        let parser = SOAPMessageParser(limits: limits)
        try parser.feed(bytes)
        return try parser.finish()
    }

    /// Parses a `SearchHotelsResponse`; a fault is thrown as `SOAPFault`.
    public static func parseSearchPage(_ bytes: some Sequence<UInt8>) throws -> SearchPage {
        switch try parse(bytes).message {
        case .searchResults(let page): return page
        case .fault(let fault): throw fault
        case let other:
            throw SOAPParseError(.unexpectedMessage, line: 0, reason: "expected a SearchHotelsResponse but got \(other.kindName)")
        }
    }

    /// Parses a `GetHotelResponse`; a fault is thrown as `SOAPFault`.
    public static func parseHotelDetail(_ bytes: some Sequence<UInt8>) throws -> HotelDetail {
        switch try parse(bytes).message {
        case .hotelDetail(let detail): return detail
        case .fault(let fault): throw fault
        case let other: throw SOAPParseError(.unexpectedMessage, line: 0, reason: "expected a GetHotelResponse but got \(other.kindName)")
        }
    }
}

extension SOAPMessage {
    /// The element name of the message, for error messages.
    public var kindName: String {
        switch self {
        case .searchHotels: return "a SearchHotels request"
        case .getHotel: return "a GetHotel request"
        case .searchResults: return "a SearchHotelsResponse"
        case .hotelDetail: return "a GetHotelResponse"
        case .fault: return "a Fault"
        }
    }
}
