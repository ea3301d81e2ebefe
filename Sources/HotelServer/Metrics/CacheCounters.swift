import CoreMetrics

/// `hotels_cache_hits_total` and `hotels_cache_misses_total` for one of the server's own
/// caches, labelled `cache`.
///
/// Why callers add a page's count at once (`hit(by:)`) rather than one per hotel: a counter
/// is an atomic shared by every core, and fifty adds a search would be fifty trips of one
/// cache line between them.
struct CacheCounters: Sendable {
    let hits: CoreMetrics.Counter
    let misses: CoreMetrics.Counter

    init(cache: String, factory: any MetricsFactory) {
        hits = CoreMetrics.Counter(label: "hotels_cache_hits_total", dimensions: [("cache", cache)], factory: factory)
        misses = CoreMetrics.Counter(label: "hotels_cache_misses_total", dimensions: [("cache", cache)], factory: factory)
    }

    func record(hits: Int, misses: Int) {
        if hits > 0 { self.hits.increment(by: hits) }
        if misses > 0 { self.misses.increment(by: misses) }
    }
}
