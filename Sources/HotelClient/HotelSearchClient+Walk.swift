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
    /// With random-access paging, page k+1 is downloaded while page k is still being
    /// read (at most one page waits in memory); with sequential paging each page is
    /// asked for once the one before it has said where it continues, and `offset` rows
    /// are skipped on the client. `onTotal` gets the result's size after the first page,
    /// nil when the dialect does not tell it.
    public func walk(
        _ query: HotelQuery, from offset: Int = 0, limit: Int, pageSize: Int,
        onHotel: @escaping (HotelInfo) throws -> Void, afterChunk: () throws -> Void = {}, onTotal: (Int?) -> Void = { _ in }
    ) async throws {
        var walk = Walk(limit: limit, pageSize: pageSize, skip: dialect.paging == .sequential ? offset : 0)
        let emit: (HotelInfo) throws -> Void = { hotel in
            guard walk.take() else { return }
            try onHotel(hotel)
        }
        let first = PageRequest(start: .offset(dialect.paging == .sequential ? 0 : offset), size: walk.nextSize)
        var ahead = prefetch(query, after: first, walk: walk, totalCount: nil)
        defer { ahead?.task.cancel() }
        var page = try await searchPage(query, page: first, onHotel: emit, afterChunk: afterChunk)
        onTotal(page.totalCount)
        while walk.wantsMore, let next = page.next {
            let before = walk.written + walk.skipped
            if let prefetched = ahead, prefetched.request.start == next {
                ahead = prefetch(query, after: prefetched.request, walk: walk, totalCount: page.totalCount)
                page = try await prefetched.task.value.read(onHotel: emit)
                try afterChunk()  // the next page may still be on its way
            } else {
                ahead?.task.cancel()
                let request = PageRequest(start: next, size: walk.nextSize)
                ahead = prefetch(query, after: request, walk: walk, totalCount: page.totalCount)
                page = try await searchPage(query, page: request, onHotel: emit, afterChunk: afterChunk)
            }
            // A page that says "more" but holds nothing would have us ask forever.
            if walk.written + walk.skipped == before { break }
        }
    }

    /// With random access, the download of the page after `request`, if the walk will want it.
    private func prefetch(
        _ query: HotelQuery, after request: PageRequest, walk: Walk, totalCount: Int?
    ) -> (request: PageRequest, task: Task<PrefetchedResponse, any Error>)? {
        guard dialect.paging == .randomAccess, case .offset(let offset) = request.start else { return nil }
        let remaining = walk.remaining - request.size
        let following = offset + request.size
        guard remaining > 0, totalCount.map({ following < $0 }) ?? true else { return nil }
        let next = PageRequest(start: .offset(following), size: min(walk.pageSize, remaining))
        return (next, Task { try await prefetchSearchPage(query, page: next) })
    }
}

/// The counts of one walk: rows still to skip (sequential paging), written, wanted.
private struct Walk {
    let limit: Int
    let pageSize: Int
    var skip: Int
    private(set) var skipped = 0
    private(set) var written = 0

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
        guard written < limit else { return false }
        written += 1
        return true
    }

    var remaining: Int { limit - written }
    var wantsMore: Bool { written < limit }
    /// Pages while skipping are full; after that, no bigger than what is still wanted.
    var nextSize: Int { skip > 0 ? pageSize : min(pageSize, remaining) }
}
