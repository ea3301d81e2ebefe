import GRDB

extension SQLiteCatalog {
    /// `body` in one read transaction, through cached `BEGIN`/`COMMIT` statements: GRDB's
    /// `inTransaction` prepared and checked more than the search's own queries cost
    /// (`BENCHMARKS.md`, "Live catalog").
    static func inReadTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN DEFERRED").execute()
        do {
            let result = try body()
            try db.cachedStatement(sql: "COMMIT").execute()
            return result
        } catch {
            if !db.isInsideTransaction { throw error }
            try? db.cachedStatement(sql: "ROLLBACK").execute()
            throw error
        }
    }
}
