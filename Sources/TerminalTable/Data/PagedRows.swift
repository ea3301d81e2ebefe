/// Rows that arrive a page at a time, kept only around the viewport: the bookkeeping
/// behind a lazily loaded table.
///
/// A random-access source (offset + limit) tells the total with its first page, and any
/// page can be fetched. A sequential source (a continuation token per page) can only be
/// asked for the page after one it has answered: the row count grows as pages arrive
/// (`isCountFinal` is false until a page says there is no more), and the page after
/// the last one received is wanted once the viewport reaches it. Pages must be full,
/// but for the last.
///
/// Pure: it never fetches anything. Call `plan(visible:direction:)` whenever the viewport
/// moves; it says which pages to fetch and which requests to cancel, and evicts pages far
/// from the viewport. Hand each answer back with `receive` or `fail`.
///
/// ```swift
/// var rows = PagedRows<String>(pageSize: 50)
/// let plan = rows.plan(visible: 0..<20, direction: .down)   // fetch [0, 1]: page 0 and one ahead
/// rows.receive(page: 0, rows: firstFifty, totalCount: 100_000)
/// rows.row(at: 3)                                            // "…"
/// rows.plan(visible: 99_980..<100_000, direction: .down)     // fetch [1999] only; cancel page 1
/// ```
public struct PagedRows<Row: Sendable>: Sendable {
    public enum Direction: Sendable, Equatable {
        case up, down
    }

    /// How the source reaches its pages.
    public enum Access: Sendable, Equatable {
        /// Any page, by its offset; the first page tells the total.
        case randomAccess
        /// Only the page after one already received.
        case sequential
    }

    /// What to do after the viewport moved.
    public struct Plan: Sendable, Equatable {
        /// Pages to request now, nearest the viewport first. They are marked in flight.
        public var fetch: [Int] = []
        /// In-flight pages no longer wanted: cancel their requests.
        public var cancel: [Int] = []
    }

    public let pageSize: Int
    /// Pages kept on either side of the viewport; farther ones are dropped.
    public let keepDistance: Int
    public let access: Access
    /// Known after the first page arrives (random access), or once a page says it is the
    /// last (sequential).
    public private(set) var totalCount: Int?
    /// Sequential: rows known to exist so far, through the highest page received.
    public private(set) var knownRowCount = 0
    /// Sequential: the highest page received that said more follow.
    private var highestPageWithMore: Int?
    public private(set) var inFlight: Set<Int> = []
    /// Pages whose last request failed, with the error; not requested again until `retryFailed()`.
    public private(set) var failed: [Int: String] = [:]
    private var pages: [Int: [Row]] = [:]

    public init(pageSize: Int, keepDistance: Int = 4, access: Access = .randomAccess) {
        precondition(pageSize > 0, "pageSize must be positive")
        self.pageSize = pageSize
        self.keepDistance = max(0, keepDistance)
        self.access = access
    }

    /// The rows the table can show: the total once known, else (sequential) the rows
    /// known so far; nil before the first page.
    public var rowCount: Int? {
        if let totalCount { return totalCount }
        return access == .sequential && highestPageWithMore != nil ? knownRowCount : nil
    }

    /// Whether `rowCount` is the whole result (more rows may yet come when it is not).
    public var isCountFinal: Bool { totalCount != nil }

    /// Number of pages held in memory.
    public var loadedPageCount: Int { pages.count }

    public var loadedPages: Set<Int> { Set(pages.keys) }

    public func page(containing row: Int) -> Int { row / pageSize }

    /// The row, if its page is loaded.
    public func row(at index: Int) -> Row? {
        guard index >= 0, let rows = pages[index / pageSize] else { return nil }
        let offset = index % pageSize
        return offset < rows.count ? rows[offset] : nil
    }

    /// Pages to hold for `visible`: those it intersects plus one ahead in `direction`.
    /// Before the count is known only page 0 is wanted: it tells the count.
    public func wantedPages(visible: Range<Int>, direction: Direction) -> [Int] {
        guard let rowCount else { return [0] }
        guard rowCount > 0, !visible.isEmpty else { return [] }
        // A sequential source's next page becomes reachable once the one before it said "more".
        let lastPage = totalCount.map { ($0 - 1) / pageSize } ?? (highestPageWithMore ?? 0) + 1
        let first = min(page(containing: max(0, visible.lowerBound)), lastPage)
        let last = min(page(containing: max(0, visible.upperBound - 1)), lastPage)
        var wanted = Array(first...last)
        let ahead = direction == .down ? last + 1 : first - 1
        if (0...lastPage).contains(ahead) { wanted.append(ahead) }
        return wanted
    }

    /// Works out fetches and cancellations for a new viewport, and drops pages farther
    /// than `keepDistance` pages from it so memory stays bounded however far one scrolls.
    public mutating func plan(visible: Range<Int>, direction: Direction) -> Plan {
        let wanted = wantedPages(visible: visible, direction: direction)
        var plan = Plan()
        plan.cancel = inFlight.filter { !wanted.contains($0) }.sorted()
        inFlight.subtract(plan.cancel)
        plan.fetch = wanted.filter { pages[$0] == nil && !inFlight.contains($0) && failed[$0] == nil }
        inFlight.formUnion(plan.fetch)

        if let low = wanted.min(), let high = wanted.max() {
            let keep = (low - keepDistance)...(high + keepDistance)
            for page in pages.keys where !keep.contains(page) { pages[page] = nil }
        }
        return plan
    }

    /// A page arrived. `totalCount` may change between pages (the catalog changed);
    /// pages past the new end are dropped.
    public mutating func receive(page: Int, rows: [Row], totalCount: Int) {
        inFlight.remove(page)
        failed[page] = nil
        pages[page] = rows
        if self.totalCount != totalCount {
            self.totalCount = totalCount
            let pageCount = (totalCount + pageSize - 1) / pageSize
            for key in pages.keys where key >= pageCount { pages[key] = nil }
        }
    }

    /// A page of a sequential source arrived; `hasMore` says whether another follows it.
    /// The last page (no more) fixes the total.
    public mutating func receive(page: Int, rows: [Row], hasMore: Bool) {
        inFlight.remove(page)
        failed[page] = nil
        pages[page] = rows
        let end = page * pageSize + rows.count
        if hasMore {
            highestPageWithMore = max(highestPageWithMore ?? page, page)
            knownRowCount = max(knownRowCount, end)
            if let totalCount, totalCount <= end { self.totalCount = nil }  // it grew after all
        } else {
            totalCount = end
            knownRowCount = end
            if let highest = highestPageWithMore, highest >= page { highestPageWithMore = page - 1 }
            for key in pages.keys where key > page { pages[key] = nil }
        }
    }

    /// A request failed; the page stays unloaded and is not asked for again until
    /// `retryFailed()` (so a dead server is not hammered on every frame).
    public mutating func fail(page: Int, message: String) {
        inFlight.remove(page)
        failed[page] = message
    }

    /// A request was abandoned (e.g. cancelled) without an answer.
    public mutating func abandon(page: Int) {
        inFlight.remove(page)
    }

    /// Makes failed pages eligible again; the next `plan` requests the visible ones.
    public mutating func retryFailed() {
        failed.removeAll()
    }

    /// Forgets everything, for a new query. Returns the in-flight pages to cancel.
    public mutating func reset() -> [Int] {
        let cancelled = inFlight.sorted()
        self = PagedRows(pageSize: pageSize, keepDistance: keepDistance, access: access)
        return cancelled
    }
}
