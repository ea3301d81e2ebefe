import Foundation
import GRDB

/// An existing catalog file opened for a writer (`hotels import`), checked first as
/// ``SQLiteCatalog`` checks a file it serves: a file that is not a HotelSearch catalog of this
/// format, or a damaged one, is refused before anything is written to it.
///
/// ```swift
/// let opened = try SQLiteCatalogFile.open(path: "world.sqlite", readOnly: false)
/// try opened.queue.inTransaction { db in /* … */ .commit }
/// print(opened.hotelCount, opened.currencies["EUR"]?.minorUnits ?? 0)
/// ```
package struct SQLiteCatalogFile: Sendable {
    /// One connection: writes are serial anyway, and a transaction spans the whole import.
    package let queue: DatabaseQueue
    package let path: String
    /// The `meta` rows.
    package let meta: [String: String]
    /// The catalog's own `currencies` table: what its `price_usd` values were computed with.
    package let currencies: [String: CurrencyInfo]
    package let hotelCount: Int
    /// Whether it has `hotel_logos` (``CatalogSchema/logosTable``).
    package let hasLogoTable: Bool

    /// Opens the catalog at `path` for writing (or only reading, for a dry run).
    ///
    /// - Throws: ``CatalogError`` `notFound` when there is no file, `notACatalog` when it is
    ///   a directory, not SQLite, not a catalog of this format version or damaged,
    ///   `database` otherwise.
    package static func open(path: String, readOnly: Bool) throws(CatalogError) -> SQLiteCatalogFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path) }
        guard !isDirectory.boolValue else { throw .notACatalog(path, reason: "it is a directory") }
        try CatalogFileProbe.check(path)
        var config = Configuration()
        config.readonly = readOnly
        config.label = "CatalogWriter"
        // A server reading the file holds a shared lock for the length of a query; wait for it.
        config.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            if !readOnly {
                // A catalog seeded before seeds were WAL: switched once, so that servers reading
                // it are not blocked by this import's commit, nor it by their reads.
                try queue.writeWithoutTransaction { db in
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" { try db.execute(sql: "PRAGMA journal_mode = WAL") }
                }
            }
            return try queue.read { db in
                let (meta, rates, count) = try SQLiteCatalog.readHeader(db, path: path)
                return SQLiteCatalogFile(
                    queue: queue, path: path, meta: meta, currencies: rates, hotelCount: count,
                    hasLogoTable: try db.tableExists("hotel_logos"))
            }
        } catch let error as CatalogError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notACatalog(path, reason: "not an SQLite database")
        } catch let error as DatabaseError where CatalogFileProbe.meansDamaged(error) {
            throw .notACatalog(path, reason: CatalogFileProbe.damaged(error))
        } catch {
            throw .database(String(describing: error))
        }
    }
}
