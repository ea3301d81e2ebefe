/// What a catalog tells a metrics scrape: its caches' hits and misses, its version, and
/// when this process last saw that version change.
///
/// ```swift
/// let statistics = try await catalog.statistics
/// print(statistics.version, statistics.caches.map(\.cache))
/// ```
public struct CatalogStatistics: Sendable, Equatable {
    public var caches: [CacheStatistics]
    /// ``HotelCatalog/version``.
    public var version: UInt64
    /// Unix time at which this process began answering from `version`: when it opened the
    /// catalog, or noticed the last committed change. Nil where the catalog does not know.
    public var changeSeenAt: Double?

    public init(caches: [CacheStatistics], version: UInt64, changeSeenAt: Double?) {
        self.caches = caches
        self.version = version
        self.changeSeenAt = changeSeenAt
    }
}
