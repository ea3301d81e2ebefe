/// Everything that differs between two SOAP vocabularies for hotel search: how a
/// `HotelQuery` becomes a request envelope and its action, how the response is read
/// into `HotelInfo`s, a page and faults, and how results are paged.
///
/// The client, `hotels search`, `browse` and `parse` are written against this protocol
/// and know no element name. `HotelSearchDialect` (our own contract) is the first; a
/// dialect for another vocabulary plugs in here:
///
/// ```swift
/// let dialect: any SOAPDialect = HotelSearchDialect()
/// let request = try dialect.searchRequest(query, page: .first(size: 50), version: .v11)
/// // POST request.body with request.headers, then:
/// let reader = dialect.responseReader { hotel in print(hotel.name) }
/// for chunk in body { try chunk.withUnsafeBytes { try reader.feed($0) } }
/// if case .page(let page) = try reader.finish(), let next = page.next {
///     let following = try dialect.searchRequest(query, page: PageRequest(start: next, size: 50), version: .v11)
/// }
/// ```
public protocol SOAPDialect: Sendable {
    /// A short name for messages, e.g. `HotelSearch`.
    var name: String { get }

    /// Whether any page can be asked for (`randomAccess`: an offset) or only the one
    /// after a page already read (`sequential`: a continuation token).
    var paging: PagingModel { get }

    /// The orders `searchRequest` can ask the service for; the others throw. The table's
    /// `s` key cycles through these only.
    var sortOrders: [SortOrder] { get }

    /// What `HotelInfo.price` is in this dialect's responses: a night's rate (ours) or the
    /// whole stay's total (OpenTravel's `Total`).
    var priceBasis: PriceBasis { get }

    /// Whether `detailRequest` can be sent; when not, the row's own fields are all there is.
    var hasDetails: Bool { get }

    /// The request for one page of results. `page.start` is `.offset(0)` for the first
    /// page, or a `next` this dialect returned; a sequential dialect refuses other offsets.
    func searchRequest(_ query: HotelQuery, page: PageRequest, version: SOAPVersion) throws -> SOAPRequest

    /// The request for one hotel's details.
    func detailRequest(hotelID: String, version: SOAPVersion) throws -> SOAPRequest

    /// A reader for one response of this dialect. With `onHotel`, each hotel of a search
    /// response goes there as soon as its element ends and is not collected.
    func responseReader(onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader
}

extension SOAPDialect {
    /// Every order, as our contract has.
    public var sortOrders: [SortOrder] { SortOrder.allCases }
    /// A night's rate, as our contract has.
    public var priceBasis: PriceBasis { .perNight }
    /// Details by id, as our contract's `GetHotel`.
    public var hasDetails: Bool { true }
}

/// What a price covers.
public enum PriceBasis: Sendable, Hashable {
    /// One night, one room (our contract's `Price`).
    case perNight
    /// The stay asked for: every night, room and guest (OpenTravel's `Total`).
    case perStay
}
