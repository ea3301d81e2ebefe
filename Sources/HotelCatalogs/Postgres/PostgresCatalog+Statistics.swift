extension PostgresCatalog {
    /// The count cache and the polled version. No change time: the poll keeps when it last
    /// asked, not when the answer last differed.
    public var statistics: CatalogStatistics {
        get async throws {
            CatalogStatistics(caches: [counts.statistics(name: "counts")], version: await current().version, changeSeenAt: nil)
        }
    }
}
