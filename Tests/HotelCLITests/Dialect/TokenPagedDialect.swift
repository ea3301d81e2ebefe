import Foundation
import HotelSOAP

/// A toy dialect that proves the seam: our contract on the wire, so the real
/// `hotels serve` answers it, but paged the way OpenTravel pages. Each page hands out an
/// opaque continuation token instead of an offset, and no total.
struct TokenPagedDialect: SOAPDialect {
    private let wire = HotelSearchDialect()

    var name: String { "TokenPaged" }
    var paging: PagingModel { .sequential }

    func searchRequest(_ query: HotelQuery, page: PageRequest, version: SOAPVersion) throws -> SOAPRequest {
        switch page.start {
        case .offset(0):
            return try wire.searchRequest(query, page: page, version: version)
        case .token(let token):
            guard let offset = Self.offset(in: token) else { throw SOAPDialectError.pageStartNotSupported(dialect: name) }
            return try wire.searchRequest(query, page: PageRequest(start: .offset(offset), size: page.size), version: version)
        case .offset:
            throw SOAPDialectError.pageStartNotSupported(dialect: name)
        }
    }

    func detailRequest(hotelID: String, version: SOAPVersion) throws -> SOAPRequest {
        try wire.detailRequest(hotelID: hotelID, version: version)
    }

    func responseReader(onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader {
        Reader(wire.responseReader(onHotel: onHotel))
    }

    static func token(for offset: Int) -> String { Data("continue-at:\(offset)".utf8).base64EncodedString() }

    static func offset(in token: String) -> Int? {
        guard let data = Data(base64Encoded: token), let text = String(data: data, encoding: .utf8),
            text.hasPrefix("continue-at:")
        else { return nil }
        return Int(text.dropFirst("continue-at:".count))
    }

    /// Our reader, with the total hidden and the next offset turned into a token.
    final class Reader: SOAPResponseReader {
        private let wire: any SOAPResponseReader

        init(_ wire: any SOAPResponseReader) {
            self.wire = wire
        }

        func feed(_ bytes: UnsafeRawBufferPointer) throws {
            try wire.feed(bytes)
        }

        func finish() throws -> HotelResponse {
            let response = try wire.finish()
            guard case .page(let page) = response else { return response }
            let next = page.next.map { start -> PageStart in
                guard case .offset(let offset) = start else { return start }
                return .token(TokenPagedDialect.token(for: offset))
            }
            return .page(ResultPage(hotels: page.hotels, count: page.count, totalCount: nil, next: next))
        }
    }
}
