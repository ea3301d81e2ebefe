import HotelSOAP

/// Reads one response of a dialect file, chunk by chunk, with the same streaming parser and
/// limits as the built-in dialects (`SOAPMessageParser`). A fault throws `SOAPFault`; a
/// match of the file's `errors` path throws `DialectServiceError` (whatever rows were read
/// before it, as OpenTravel's `Errors` do); matches of `warnings` are the page's `notices`.
final class DialectResponseReader: SOAPResponseReader {
    private let reader: DialectBodyReader
    private let parser: SOAPMessageParser
    private let dialect: DialectFile

    init(dialect: DialectFile, limits: SOAPMessageParser.Limits, onHotel: ((HotelInfo) throws -> Void)?) {
        self.dialect = dialect
        reader = DialectBodyReader(program: dialect.program, dialectName: dialect.name, onHotel: onHotel)
        parser = SOAPMessageParser(limits: limits, body: reader)
    }

    /// For `dialect check`: each row with, per mapped field, the path its value came from
    /// (the alternative that gave it).
    init(dialect: DialectFile, tracing onHotel: @escaping (HotelInfo, [(field: String, path: String)]) throws -> Void) {
        self.dialect = dialect
        reader = DialectBodyReader(program: dialect.program, dialectName: dialect.name, onHotel: nil)
        parser = SOAPMessageParser(limits: .default, body: reader)
        let program = dialect.program
        let fields = HotelField.allCases.filter { program.fieldAlternatives[$0] != nil }
        reader.onTracedHotel = { hotel, ranks in
            let paths = fields.map { field in
                let alternatives = program.fieldAlternatives[field]!
                let rank = Int((ranks >> UInt64(HotelField.allCases.firstIndex(of: field)! * 4)) & 0xF)
                // 15: a field with one path, whose rank is not kept (or no value at all).
                return (field.rawValue, alternatives[rank < alternatives.count ? rank : 0])
            }
            try onHotel(hotel, paths)
        }
    }

    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try parser.feed(bytes)
    }

    func finish() throws -> HotelResponse {
        _ = try parser.finishDocument()
        if case .fault(let fault)? = parser.message { throw fault }
        guard parser.bodyReaderDone else {
            let roots = dialect.responseRoots.map(\.name).joined(separator: " or ")
            throw SOAPParseError(.notSOAP, line: 0, reason: "the SOAP Body is empty: no \(roots) in it")
        }
        if !reader.errors.isEmpty { throw DialectServiceError(messages: reader.errors, dialect: dialect.name) }
        if reader.kind == .detail {
            guard let hotel = reader.detailHotel else {
                throw SOAPParseError(
                    .invalidValue, line: 0, reason: "\(dialect.name): the detail response has no hotel element at the detail.hotel path")
            }
            return .detail(HotelDetail(hotel: hotel, description: reader.detailDescription ?? ""))
        }
        let count = reader.hotelsRead
        let next: PageStart?
        var totalCount: Int?
        switch dialect.program.paging {
        case .none:
            next = nil
        case .token:
            next = reader.nextToken.map(PageStart.token)
        case .offset:
            guard let total = reader.total, let offset = reader.offset else {
                let missing = reader.total == nil ? "total" : "offset"
                throw SOAPParseError(
                    .invalidValue, line: 0,
                    reason: "\(dialect.name): the response has no paging \(missing) (response.paging.offset.\(missing))",
                    field: "paging.offset.\(missing)")
            }
            totalCount = total
            // An empty page ends the walk even if the total says more, as for our contract.
            next = count > 0 && offset + count < total ? .offset(offset + count) : nil
        }
        return .page(ResultPage(hotels: reader.hotels, count: count, totalCount: totalCount, next: next, notices: reader.warnings))
    }
}
