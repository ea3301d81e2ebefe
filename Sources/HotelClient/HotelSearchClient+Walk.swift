import HotelSOAP

extension HotelSearchClient {
    /// Streams up to `limit` hotels of `query`'s result, starting at row `offset`, page
    /// after page, in memory that does not grow with the result:
    ///
    /// ```swift
    /// try await client.walk(query, limit: .max, pageSize: 500) { hotel in try writer.write(hotel) }
    /// ```
    ///
    /// The first page streams live, so the first row appears as soon as it is parsed.
    /// With random-access paging, pages k+1 and k+2 are downloaded while page k is still
    /// being read (at most two pages wait in memory); with sequential paging each page is
    /// asked for once the one before it has said where it continues, and `offset` rows
    /// are skipped on the client. `onTotal` gets the result's size after the first page,
    /// nil when the dialect does not tell it; `onNotice` each distinct remark a page carried
    /// (OpenTravel `Warnings`), once. Returns true when the result holds rows past
    /// `limit` (so a caller can say "50 of 308 shown").
    @discardableResult
    public func walk(
        _ query: HotelQuery, from offset: Int = 0, limit: Int, pageSize: Int,
        onHotel: @escaping (HotelInfo) throws -> Void, afterChunk: () throws -> Void = {}, onTotal: (Int?) -> Void = { _ in },
        onNotice: (String) -> Void = { _ in }
    ) async throws -> Bool {
        var noticed: Set<String> = []
        func notices(of page: ResultPage) {
            for notice in page.notices where noticed.insert(notice).inserted { onNotice(notice) }
        }
        var walk = Walk(limit: limit, pageSize: pageSize, skip: dialect.paging == .sequential ? offset : 0)
        let emit: (HotelInfo) throws -> Void = { hotel in
            guard walk.take() else { return }
            try onHotel(hotel)
        }
        let first = PageRequest(start: .offset(dialect.paging == .sequential ? 0 : offset), size: walk.nextSize)
        let window = PrefetchWindow(start: offset, limit: limit, pageSize: pageSize)
        var ahead: [Prefetch] = []
        defer { for prefetched in ahead { prefetched.task.cancel() } }
        fill(&ahead, after: first, window: window, query: query, totalCount: nil)
        var asked: Set<PageStart> = [first.start]
        var page = try await read(query, first, prefetched: nil, emit: emit, afterChunk: afterChunk)
        onTotal(page.totalCount)
        notices(of: page)
        while walk.wantsMore, let next = page.next {
            // A partner that hands back a continuation already followed would have us print
            // the same rows forever.
            guard asked.insert(next).inserted else {
                throw SOAPParseError(
                    .invalidValue, line: 0,
                    reason: "\(configuration.endpoint.absoluteString) sent a continuation it had sent before; following it would never end")
            }
            let before = walk.written + walk.skipped
            if let prefetched = ahead.first, prefetched.request.start == next {
                ahead.removeFirst()
                fill(&ahead, after: prefetched.request, window: window, query: query, totalCount: page.totalCount)
                page = try await read(query, prefetched.request, prefetched: prefetched.task, emit: emit, afterChunk: afterChunk)
            } else {
                for prefetched in ahead { prefetched.task.cancel() }
                ahead = []
                let request = PageRequest(start: next, size: walk.nextSize)
                fill(&ahead, after: request, window: window, query: query, totalCount: page.totalCount)
                page = try await read(query, request, prefetched: nil, emit: emit, afterChunk: afterChunk)
            }
            notices(of: page)
            // A page that says "more" but holds nothing would have us ask forever.
            if walk.written + walk.skipped == before { return false }
        }
        return walk.refused > 0 || (!walk.wantsMore && page.next != nil)
    }

    /// One page, from its prefetch if there is one. A page cut off by a reset or a closed
    /// connection (a replica restarting behind a balancer) is asked for again, up to
    /// `retries` times: a page is idempotent (stable order, ties by id; a token names the
    /// same rows), so the rows of it already handed on are counted and skipped, and every
    /// row comes out exactly once.
    private func read(
        _ query: HotelQuery, _ request: PageRequest, prefetched: Task<PrefetchedResponse, any Error>?,
        emit: @escaping (HotelInfo) throws -> Void, afterChunk: () throws -> Void
    ) async throws -> ResultPage {
        var handedOn = 0
        var attempt = 0
        while true {
            var index = 0
            let skip = handedOn
            let once: (HotelInfo) throws -> Void = { hotel in
                index += 1
                if index > skip { try emit(hotel) }
            }
            do {
                if attempt == 0, let prefetched {
                    let page = try await prefetched.value.read(onHotel: once)
                    try afterChunk()  // the next page may still be on its way
                    return page
                }
                return try await searchPage(query, page: request, onHotel: once, afterChunk: afterChunk)
            } catch let error as HotelClientError where error.cutOffMidResponse && error.isRetryable && attempt < configuration.retries {
                handedOn = max(handedOn, index)
                attempt += 1
                try await backoff(attempt, because: "\(error.description); asking for the page again, \(handedOn) rows of it already out")
            }
        }
    }

    /// A page being downloaded ahead of the one being read.
    private typealias Prefetch = (request: PageRequest, task: Task<PrefetchedResponse, any Error>)

    /// With random access, starts downloads of the pages after `current` (or after the
    /// last one already under way) until `PrefetchWindow.depth` are. Two, not one: the
    /// server answers each on its own connection, so one page's query and XML can run on
    /// one core while the other core writes the previous page (measured in BENCHMARKS.md,
    /// "End to end"); at most two pages wait in memory.
    private func fill(_ ahead: inout [Prefetch], after current: PageRequest, window: PrefetchWindow, query: HotelQuery, totalCount: Int?) {
        guard dialect.paging == .randomAccess else { return }
        while ahead.count < PrefetchWindow.depth, let next = window.page(after: ahead.last?.request ?? current, totalCount: totalCount) {
            ahead.append((next, Task { try await prefetchSearchPage(query, page: next) }))
        }
    }
}

/// Which pages a random-access walk will ask for: consecutive, from `start`, until
/// `limit` rows or the total.
private struct PrefetchWindow {
    static let depth = 2
    let start: Int
    let limit: Int
    let pageSize: Int

    /// The page that follows `request`, if the walk will want it.
    func page(after request: PageRequest, totalCount: Int?) -> PageRequest? {
        guard case .offset(let offset) = request.start else { return nil }
        let following = offset + request.size
        let wanted = limit - (following - start)
        guard wanted > 0, totalCount.map({ following < $0 }) ?? true else { return nil }
        return PageRequest(start: .offset(following), size: min(pageSize, wanted))
    }
}

/// The counts of one walk: rows still to skip (sequential paging), written, wanted.
private struct Walk {
    let limit: Int
    let pageSize: Int
    var skip: Int
    private(set) var skipped = 0
    private(set) var written = 0
    /// Rows that arrived past the limit.
    private(set) var refused = 0

    init(limit: Int, pageSize: Int, skip: Int) {
        self.limit = limit
        self.pageSize = pageSize
        self.skip = skip
    }

    /// Counts one row; false when it is to be skipped or past the limit.
    mutating func take() -> Bool {
        if skip > 0 {
            skip -= 1
            skipped += 1
            return false
        }
        guard written < limit else {
            refused += 1
            return false
        }
        written += 1
        return true
    }

    var remaining: Int { limit - written }
    var wantsMore: Bool { written < limit }
    /// Pages while skipping are full; after that, no bigger than what is still wanted.
    var nextSize: Int { skip > 0 ? pageSize : min(pageSize, remaining) }
}
