import Foundation
import GRDB
import HotelCatalogs
import Synchronization

/// A new catalog's R*Tree (`hotels_geo`), built on a thread of its own in a file beside the
/// catalog while the catalog's connection builds the FTS and the b-tree indexes, then copied
/// in as its three shadow tables.
///
/// Why: SQLite's R*Tree module writes a node back for every row it inserts. For 1,000,000
/// hotels that was 14 s of a 51 s import, on one core, while the other sat idle through
/// the whole index phase. The shadow tables (`hotels_geo_node`, `_rowid`, `_parent`) are
/// plain tables, described in SQLite's R*Tree documentation and checked by its
/// `rtreecheck()`; copying them into an empty tree of the same declaration and page size
/// is a few b-tree appends.
///
/// ```swift
/// let geo = try GeoIndexBuilder.start(from: db)     // reads the points, starts the thread
/// try db.execute(sql: CatalogSchema.indexes)        // meanwhile, on this connection
/// try geo.finish(into: db)                          // waits, then copies the tree in
/// ```
final class GeoIndexBuilder: Sendable {
    private let sidePath: String
    private let done = DispatchSemaphore(value: 0)
    private let failure = Mutex<String?>(nil)
    private let cancelled = Atomic<Bool>(false)

    /// The hotels' points in rowid order; given to the thread whole.
    private struct Points: Sendable {
        var ids: [Int64] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
    }

    /// ``CatalogSchema/geoRows``'s values from bound ones: the same `round(… * 1e6)` of the
    /// same doubles, so a point lands where the SQL fill would put it.
    private static let insertPoint = """
        INSERT INTO hotels_geo (id, min_lat, max_lat, min_lon, max_lon)
            VALUES (?1, round(?2 * 1e6), round(?2 * 1e6), round(?3 * 1e6), round(?3 * 1e6))
        """

    private init(sidePath: String) {
        self.sidePath = sidePath
    }

    /// Reads every hotel's point from `db` and starts building beside its file; nil for a
    /// database with no file (in memory), which fills its tree in place.
    static func start(from db: Database) throws -> GeoIndexBuilder? {
        let path = try Row.fetchAll(db, sql: "PRAGMA database_list").first { $0["name"] == "main" }?["file"] as String?
        guard let path, !path.isEmpty else { return nil }
        var points = Points()
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") ?? 0
        points.ids.reserveCapacity(count)
        points.latitudes.reserveCapacity(count)
        points.longitudes.reserveCapacity(count)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, latitude, longitude FROM hotels ORDER BY id")
        while let row = try rows.next() {
            points.ids.append(row[0])
            points.latitudes.append(row[1])
            points.longitudes.append(row[2])
        }
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        let builder = GeoIndexBuilder(sidePath: path + "-geo")
        let handed = points
        Thread { builder.build(handed, pageSize: pageSize) }.start()
        return builder
    }

    /// Waits for the thread, then replaces the empty tree's shadow rows in `db` with the
    /// built ones, in one transaction. Not inside another: ATTACH refuses to run in one.
    ///
    /// - Throws: the thread's failure (a full disk) as ``HotelCatalogs/CatalogError``
    ///   `database`; SQLite's own errors from the copy.
    func finish(into db: Database) throws {
        done.wait()
        defer { removeSideFiles() }
        if let failure = failure.withLock({ $0 }) {
            throw CatalogError.database("building the R*Tree beside the catalog failed: \(failure)")
        }
        try db.execute(sql: "ATTACH DATABASE ? AS hs_geo", arguments: [sidePath])
        defer { try? db.execute(sql: "DETACH DATABASE hs_geo") }
        try db.inTransaction {
            try db.execute(sql: CatalogSchema.geoTable)
            for shadow in ["hotels_geo_node", "hotels_geo_rowid", "hotels_geo_parent"] {
                try db.execute(sql: "DELETE FROM main.\(shadow); INSERT INTO main.\(shadow) SELECT * FROM hs_geo.\(shadow)")
            }
            return .commit
        }
    }

    /// After a failure on the catalog's side: stops the thread and removes its file.
    func abandon() {
        cancelled.store(true, ordering: .relaxed)
        done.wait()
        removeSideFiles()
    }

    private func build(_ points: Points, pageSize: Int) {
        defer { done.signal() }
        do {
            removeSideFiles()
            // The page size decides the R*Tree's node size: the same as the catalog's.
            let queue = try CatalogSeeder.openForBulkLoad(sidePath, label: "GeoIndexBuilder", cacheKiB: 65_536, pageSize: pageSize)
            try queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    try db.execute(sql: CatalogSchema.geoTable)
                    let insert = try db.makeStatement(sql: Self.insertPoint)
                    for index in points.ids.indices {
                        if index % 4096 == 0 && cancelled.load(ordering: .relaxed) { return .rollback }
                        try insert.execute(arguments: [points.ids[index], points.latitudes[index], points.longitudes[index]])
                    }
                    return .commit
                }
            }
            try queue.close()
        } catch {
            failure.withLock { $0 = String(describing: error) }
        }
    }

    private func removeSideFiles() {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(sidePath + suffix) }
    }
}
