import Foundation
import GRDB
import HotelCatalogs

/// How a new SQLite catalog file is made: by ``SQLiteInventoryWriter`` for `hotels import`
/// into a new file and for `hotels seed`, which writes through the import.
///
/// ```swift
/// try SQLiteCatalogBuilder.writeNewCatalog(to: "mine.sqlite") { db in
///     try db.inTransaction {
///         try SQLiteCatalogBuilder.createTables(db, meta: SQLiteCatalogBuilder.metaRows(origin: .files))
///         return .commit
///     }
///     try SQLiteCatalogBuilder.createIndexes(db)
/// }
/// ```
enum SQLiteCatalogBuilder {
    /// Runs `body` on a new database beside `path` under a temporary name, with the
    /// journal off (nothing to roll back to: on failure the file is deleted), and renames it
    /// to `path` when `body` returns, so a reader never sees half a catalog.
    ///
    /// - Throws: what `body` throws, as it threw it, but SQLite's errors and a failed rename
    ///   as ``CatalogError`` `database`.
    static func writeNewCatalog(to path: String, _ body: (Database) throws -> Void) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let tempPath =
            (directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent
            + ".partial-\(ProcessInfo.processInfo.processIdentifier)-\(DispatchTime.now().uptimeNanoseconds)"
        defer { removeFiles(tempPath) }
        do {
            let queue = try openForBulkLoad(tempPath, label: "SQLiteCatalogBuilder", cacheKiB: 262_144)
            try queue.writeWithoutTransaction { db in
                try body(db)
                // WAL, kept in the file: a server reads while `hotels import` writes, neither
                // waiting for the other (`docs/INVENTORY.md`, "How a running server sees changes").
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw CatalogError.database(String(describing: error))
        }
        guard rename(tempPath, path) == 0 else {
            throw CatalogError.database("cannot move the catalog to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// A new file opened for one writer that loads it in bulk: no journal (a failed load
    /// deletes the file), no fsync, an exclusive lock, `cacheKiB` of page cache, and
    /// `pageSize` when given (before anything is written: it fixes the file's page size).
    static func openForBulkLoad(_ path: String, label: String, cacheKiB: Int, pageSize: Int? = nil) throws -> DatabaseQueue {
        var config = Configuration()
        config.label = label
        let queue = try DatabaseQueue(path: path, configuration: config)
        try queue.writeWithoutTransaction { db in
            if let pageSize { try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            try db.execute(
                sql: """
                    PRAGMA journal_mode = OFF;
                    PRAGMA synchronous = OFF;
                    PRAGMA locking_mode = EXCLUSIVE;
                    PRAGMA cache_size = -\(cacheKiB);
                    PRAGMA temp_store = MEMORY;
                    """)
        }
        return queue
    }

    /// An SQLite file and whatever journal, WAL or shared memory it left beside it.
    static func removeFiles(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// The `meta` rows of a new catalog (``CatalogSchema``): the format and its version, then
    /// what made it. `hotel_count` and `cities` are counted once the rows are in.
    static func metaRows(origin: CatalogOrigin) -> [(String, String)] {
        [
            ("format", CatalogSchema.formatName),
            ("format_version", String(CatalogSchema.formatVersion)),
            ("hotel_count", "0"),
            ("seed", origin.seed),
            ("generator", origin.generator),
            ("cities", "0"),
        ]
    }

    /// The tables of ``CatalogSchema/tables``, the `meta` rows and every currency of
    /// ``Currencies/all``: an empty catalog, not yet indexed.
    static func createTables(_ db: Database, meta: [(String, String)]) throws {
        try db.execute(sql: CatalogSchema.tables)
        for (key, value) in meta {
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
        }
        for info in Currencies.all {
            try db.execute(
                sql: "INSERT INTO currencies (code, usd_rate, minor_units) VALUES (?, ?, ?)",
                arguments: [info.code, info.usdRate, info.minorUnits])
        }
    }

    /// ``CatalogSchema/orderingIndexes`` over the rows loaded, in one transaction, with the
    /// name search and the R*Tree built beside them on a second core (``SideIndexBuilder``),
    /// then `ANALYZE`: after a bulk load, which is faster without them.
    static func createIndexes(_ db: Database) throws {
        let side = try SideIndexBuilder.start(from: db)
        do {
            try db.inTransaction {
                if side == nil {
                    try db.execute(
                        sql: CatalogSchema.indexes + "; " + CatalogSchema.geoTable + "; " + CatalogSchema.geoRows + " ORDER BY id")
                } else {
                    try db.execute(sql: CatalogSchema.orderingIndexes)
                }
                return .commit
            }
        } catch {
            side?.abandon()
            throw error
        }
        try side?.finish(into: db)
        try db.execute(sql: "ANALYZE")
    }
}
