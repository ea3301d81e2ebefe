/// Rows that arrive a page at a time from a random-access source (offset + limit), kept
/// only around the viewport: the bookkeeping behind a lazily loaded table.
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
    /// Known after the first page arrives.
    public private(set) var totalCount: Int?
    public private(set) var inFlight: Set<Int> = []
    /// Pages whose last request failed, with the error; not requested again until `retryFailed()`.
    public private(set) var failed: [Int: String] = [:]
    private var pages: [Int: [Row]] = [:]

    public init(pageSize: Int, keepDistance: Int = 4) {
        precondition(pageSize > 0, "pageSize must be positive")
        self.pageSize = pageSize
        self.keepDistance = max(0, keepDistance)
    }

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
        guard let totalCount else { return [0] }
        guard totalCount > 0, !visible.isEmpty else { return [] }
        let lastPage = (totalCount - 1) / pageSize
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
        self = PagedRows(pageSize: pageSize, keepDistance: keepDistance)
        return cancelled
    }
}
