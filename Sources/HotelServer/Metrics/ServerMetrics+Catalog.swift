import CoreMetrics
import HotelCatalogs

extension ServerMetrics {
    /// Sets the catalog gauges and adds to each catalog cache's counters what its totals
    /// grew by since the last scrape.
    ///
    /// Why deltas: the catalogs count in plain totals (`CacheStatistics`) and know no
    /// metrics; a Prometheus counter only goes up, so each scrape adds the difference. Two
    /// scrapes at once are serialised by the lock, so nothing is added twice.
    func report(_ statistics: CatalogStatistics) {
        catalogVersion.set(Int64(clamping: statistics.version))
        if let seen = statistics.changeSeenAt { catalogChangeSeen.set(seen) }
        catalogCaches.withLock { reported in
            for cache in statistics.caches {
                var entry =
                    reported[cache.cache]
                    ?? ReportedCache(
                        hits: CoreMetrics.Counter(label: "hotels_cache_hits_total", dimensions: [("cache", cache.cache)], factory: factory),
                        misses: CoreMetrics.Counter(
                            label: "hotels_cache_misses_total", dimensions: [("cache", cache.cache)], factory: factory),
                        reportedHits: 0, reportedMisses: 0)
                if cache.hits > entry.reportedHits { entry.hits.increment(by: cache.hits - entry.reportedHits) }
                if cache.misses > entry.reportedMisses { entry.misses.increment(by: cache.misses - entry.reportedMisses) }
                entry.reportedHits = max(entry.reportedHits, cache.hits)
                entry.reportedMisses = max(entry.reportedMisses, cache.misses)
                reported[cache.cache] = entry
            }
        }
    }
}
