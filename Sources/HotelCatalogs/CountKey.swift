/// What a cached `TotalCount` is good for: one filter set under one version of the catalog
/// (``SQLiteChangeWatch``'s generation, ``PostgresCatalog``'s `catalog_version`). A count taken
/// before a commit is then never answered after the catalog has seen it, and needs no flush.
struct CountKey: Hashable, Sendable {
    let generation: UInt64
    let filter: SearchFilter
}
