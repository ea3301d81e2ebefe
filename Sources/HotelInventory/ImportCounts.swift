/// What an import did, or (a dry run) would do, row by row: each row counts once as new,
/// changed or unchanged, or deleted; hotels `--delete-missing` removes count as deleted too.
///
/// ```swift
/// let counts = try importer.importIntoSQLite(at: "mine.sqlite").counts
/// print(counts)    // 3 new, 2 changed, 995 unchanged, 1 deleted
/// ```
public struct ImportCounts: Sendable, Equatable, CustomStringConvertible {
    public var new = 0
    public var changed = 0
    /// Rows equal to the stored hotel in every column the file has (nothing was written),
    /// and deletions of HotelIds the catalog does not hold.
    public var unchanged = 0
    public var deleted = 0

    public init(new: Int = 0, changed: Int = 0, unchanged: Int = 0, deleted: Int = 0) {
        self.new = new
        self.changed = changed
        self.unchanged = unchanged
        self.deleted = deleted
    }

    public var description: String { "\(new) new, \(changed) changed, \(unchanged) unchanged, \(deleted) deleted" }
}
