/// OpenTravel 2017B hotel availability (`OTA_HotelAvailRS`), as partners and our own
/// `POST /ota` answer it. Pages are sequential: a response's `MoreDataEchoToken` (or a
/// token in `MoreIndicator`) is the only way to the next page, and no total is given.
///
/// Only responses are read so far: `searchRequest` and `detailRequest` throw
/// `SOAPDialectError.operationNotSupported` (`OTARequestBuilder` reads requests on the
/// server; it does not write them).
///
/// ```swift
/// let reader = OTADialect().responseReader { hotel in print(hotel.name, hotel.price) }
/// try reader.feed(savedResponse)
/// let page = try reader.finish().page()   // page.next == .token("…") when there is more
/// ```
public struct OTADialect: SOAPDialect {
    /// The dialect has no state: one value serves every response.
    public init() {}

    /// `OpenTravel`.
    public var name: String { "OpenTravel" }

    /// `.sequential`: the next page only through the token of the one before.
    public var paging: PagingModel { .sequential }

    /// Not yet: throws `SOAPDialectError.operationNotSupported`.
    public func searchRequest(_ query: HotelQuery, page: PageRequest, version: SOAPVersion) throws -> SOAPRequest {
        throw SOAPDialectError.operationNotSupported(dialect: name, operation: OTA.availRequest)
    }

    /// OTA has no details request of the contract's shape: throws `SOAPDialectError.operationNotSupported`.
    public func detailRequest(hotelID: String, version: SOAPVersion) throws -> SOAPRequest {
        throw SOAPDialectError.operationNotSupported(dialect: name, operation: "OTA_HotelDescriptiveInfoRQ")
    }

    /// An ``OTAAvailResponseReader``; its `warnings` are there after `finish`.
    public func responseReader(onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader {
        OTAAvailResponseReader(onHotel: onHotel)
    }
}
