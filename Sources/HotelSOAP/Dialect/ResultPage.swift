/// One page of search results in any dialect.
///
/// ```swift
/// let page = try await client.searchPage(query, page: .first(size: 50))
/// print("\(page.count) of \(page.totalCount.map(String.init) ?? "an unknown number")")
/// if let next = page.next { … }   // nil: this was the last page
/// ```
public struct ResultPage: Sendable, Equatable {
    /// The hotels, unless they were handed out one by one as they were read.
    public var hotels: [HotelInfo]
    /// Hotels on this page, also when they were handed out rather than collected.
    public var count: Int
    /// The size of the whole result, when the dialect says (random-access dialects do).
    public var totalCount: Int?
    /// Where the following page starts; nil when this was the last.
    public var next: PageStart?
    /// What the service remarked without refusing, one line each (OpenTravel `Warnings`):
    /// for standard error, never for the rows.
    public var notices: [String]

    /// `count` defaults to `hotels.count`; give it when the hotels were handed out rather than collected.
    public init(hotels: [HotelInfo], count: Int? = nil, totalCount: Int?, next: PageStart?, notices: [String] = []) {
        self.hotels = hotels
        self.count = count ?? hotels.count
        self.totalCount = totalCount
        self.next = next
        self.notices = notices
    }
}
