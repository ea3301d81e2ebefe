/// How often one of a catalog's caches answered and how often the store had to, since the
/// catalog was opened: what `GET /metrics` reports per cache.
///
/// Why plain totals and not metric objects: the catalogs know no metrics system. A cache
/// counts in a place it already holds (its lock, or one atomic add per page of rows), and
/// the server turns the totals into counters when it is scraped, so counting costs a
/// search nothing it can measure.
public struct CacheStatistics: Sendable, Equatable {
    /// The cache's name as a metric label: `hotel_rows`, `counts`.
    public var cache: String
    public var hits: Int
    public var misses: Int

    public init(cache: String, hits: Int, misses: Int) {
        self.cache = cache
        self.hits = hits
        self.misses = misses
    }
}
