import Foundation

/// OpenTravel 2017B hotel availability (`OTA_HotelAvailRQ` / `OTA_HotelAvailRS`), as
/// partners and our own `POST /ota` speak it. Pages are sequential: a response's
/// `MoreDataEchoToken` (or a token in `MoreIndicator`) is the only way to the next page,
/// and no total is given. Requests are written by ``OTAAvailRequestWriter`` (see there
/// how each criterion maps); OTA has no details operation of the contract's shape.
///
/// ```swift
/// let dialect = OTADialect()
/// let first = try dialect.searchRequest(HotelQuery(city: "Lisbon"), page: .first(size: 50), version: .v11)
/// let reader = dialect.responseReader { hotel in print(hotel.name, hotel.price) }
/// try reader.feed(responseBody)
/// let page = try reader.finish().page()   // page.next == .token("…") when there is more
/// ```
public struct OTADialect: SOAPDialect {
    /// The dialect has no state: one value serves every response.
    public init() {}

    /// `OpenTravel`.
    public var name: String { "OpenTravel" }

    /// `.sequential`: the next page only through the token of the one before.
    public var paging: PagingModel { .sequential }

    /// A row's price is its cheapest `Total`: the whole stay.
    public var priceBasis: PriceBasis { .perStay }

    /// No `GetHotel` counterpart: `OTA_HotelDescriptiveInfoRQ` is another message set.
    public var hasDetails: Bool { false }

    /// Name and rate order only (`@SortOrder` `PA`, `RA`).
    public var sortOrders: [SortOrder] { OTAAvailRequestWriter.sortOrders }

    /// An `OTA_HotelAvailRQ` for the page: `MaxResponses` is `page.size`, a `.token` start
    /// goes back as `MoreDataEchoToken`; the query's own offset and limit are not sent
    /// (the client skips and stops). A fresh `EchoToken` and the time now identify it.
    /// Throws `SOAPDialectError` for an offset past 0 or a query OTA cannot express.
    public func searchRequest(_ query: HotelQuery, page: PageRequest, version: SOAPVersion) throws -> SOAPRequest {
        let token: String?
        switch page.start {
        case .offset(0): token = nil
        case .offset: throw SOAPDialectError.pageStartNotSupported(dialect: name)
        case .token(let t): token = t
        }
        let writer = OTAAvailRequestWriter(version: version)
        let request = try writer.availability(
            query, maxResponses: page.size, moreDataEchoToken: token, echoToken: UUID().uuidString,
            timeStamp: Self.timeStamp(Date()))
        // The same question asked again has a new EchoToken and TimeStamp: not part of its identity.
        let identity = try writer.availability(query, maxResponses: page.size, moreDataEchoToken: token, echoToken: "-", timeStamp: "-")
        return SOAPRequest(version: version, action: request.action, body: request.body, identity: identity.body)
    }

    /// `xs:dateTime` in UTC with a `Z`, whole seconds: the spelling every partner reads.
    static func timeStamp(_ date: Date) -> String { XSDDateTime.utc(date) }

    /// OTA has no details request of the contract's shape: throws `SOAPDialectError.operationNotSupported`.
    public func detailRequest(hotelID: String, version: SOAPVersion) throws -> SOAPRequest {
        throw SOAPDialectError.operationNotSupported(dialect: name, operation: "OTA_HotelDescriptiveInfoRQ")
    }

    /// An ``OTAAvailResponseReader``; its `warnings` are there after `finish`.
    public func responseReader(onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader {
        OTAAvailResponseReader(onHotel: onHotel)
    }
}
