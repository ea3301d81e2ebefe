/// How a dialect pages its results.
public enum PagingModel: Sendable, Hashable {
    /// Any page can be asked for by its offset, and the first page tells the total
    /// (our contract: `Offset`, `Limit`, `TotalCount`).
    case randomAccess
    /// Only the page after one already read, through the continuation it returned
    /// (OpenTravel's `MoreIndicator` + `MoreDataEchoToken`); the total may be unknown
    /// until the last page.
    case sequential
}

/// Where a page starts: an offset into the result, or a continuation a dialect returned
/// in `ResultPage.next`. Opaque to everyone but the dialect that made it.
public enum PageStart: Sendable, Hashable {
    /// A position in the result, 0 for the first hotel: what random-access dialects take.
    case offset(Int)
    /// A continuation a sequential dialect returned; only that dialect understands it.
    case token(String)
}

/// One page to ask for: where it starts and how many hotels at most.
///
/// ```swift
/// let first = PageRequest.first(size: 50)
/// let next = PageRequest(start: page.next!, size: 50)
/// ```
public struct PageRequest: Sendable, Hashable {
    /// Where the page starts: `.offset(0)` for the first, or a page's `next`.
    public var start: PageStart
    /// The most hotels on the page; `HotelSearchDialect` sends it as `Limit`, 1…500.
    public var size: Int

    /// A page of at most `size` hotels from `start`.
    public init(start: PageStart, size: Int) {
        self.start = start
        self.size = size
    }

    /// The first page of a result.
    public static func first(size: Int) -> PageRequest { PageRequest(start: .offset(0), size: size) }
}
