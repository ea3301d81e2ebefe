extension SQLiteCatalog {
    /// The row cache (this instance's) and the count cache (shared with instances of other
    /// base URLs), with the version and when the watch last read it.
    public var statistics: CatalogStatistics {
        get async throws {
            let state = storage.watch.current()
            return CatalogStatistics(
                caches: [rowCache.statistics, storage.counts.statistics(name: "counts")], version: state.version,
                changeSeenAt: state.seenAt)
        }
    }
}
