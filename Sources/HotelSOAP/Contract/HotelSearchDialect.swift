import HotelXML

/// Our own contract (`WSDL/HotelSearch.wsdl`, namespace `urn:hotel-search:v1`):
/// `SearchHotels` with `Offset`/`Limit` and a `TotalCount` in every response, so pages
/// are random access; `GetHotel` for details.
///
/// ```swift
/// let dialect = HotelSearchDialect()
/// let request = try dialect.searchRequest(HotelQuery(city: "Kyoto"), page: PageRequest(start: .offset(100), size: 50), version: .v12)
/// ```
public struct HotelSearchDialect: SOAPDialect {
    /// The dialect has no state: one value serves every request.
    public init() {}

    /// `HotelSearch`.
    public var name: String { "HotelSearch" }

    /// `.randomAccess`: any page by its `Offset`, and every response tells `TotalCount`.
    public var paging: PagingModel { .randomAccess }

    /// A `SearchHotels` request whose `Offset` and `Limit` come from `page`, replacing the
    /// query's own. Throws `SOAPDialectError` for a `.token` start, `XMLWriterError` for a
    /// value XML cannot carry.
    public func searchRequest(_ query: HotelQuery, page: PageRequest, version: SOAPVersion) throws -> SOAPRequest {
        guard case .offset(let offset) = page.start else { throw SOAPDialectError.pageStartNotSupported(dialect: name) }
        if query.cityCode != nil {
            throw SOAPDialectError.criterionNotSupported(dialect: name, criterion: "a city code", reason: "SearchHotels takes a City name")
        }
        var query = query
        query.offset = offset
        query.limit = page.size
        return try SOAPRequestBuilder(version: version).searchHotels(query)
    }

    /// A `GetHotel` request.
    public func detailRequest(hotelID: String, version: SOAPVersion) throws -> SOAPRequest {
        try SOAPRequestBuilder(version: version).getHotel(id: hotelID)
    }

    /// A reader that sets a page's `next` to the offset after it, or to nil for the last page
    /// or an empty one.
    public func responseReader(onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader {
        Reader(onHotel: onHotel)
    }

    /// `SOAPMessageParser`, its envelope turned into a `HotelResponse`.
    final class Reader: SOAPResponseReader {
        private let parser: SOAPMessageParser

        init(onHotel: ((HotelInfo) throws -> Void)?) {
            parser = SOAPMessageParser(onHotel: onHotel)
        }

        func feed(_ bytes: UnsafeRawBufferPointer) throws {
            try parser.feed(bytes)
        }

        func finish() throws -> HotelResponse {
            switch try parser.finish().message {
            case .searchResults(let page):
                let count = parser.hotelsRead
                let end = page.offset + count
                // An empty page ends the walk even if the total says more: the result
                // shrank under us, and asking again would loop.
                let next: PageStart? = count > 0 && end < page.totalCount ? .offset(end) : nil
                return .page(ResultPage(hotels: page.hotels, count: count, totalCount: page.totalCount, next: next))
            case .hotelDetail(let detail):
                return .detail(detail)
            case .fault(let fault):
                throw fault
            case let other:
                throw SOAPParseError(.unexpectedMessage, line: 0, reason: "this is \(other.kindName), not a response")
            }
        }
    }
}
