import Foundation
import GRDB
import HotelCatalogs
import Synchronization

/// A new catalog's name search (`hotels_name_fts`) and R*Tree (`hotels_geo`), built on a
/// thread of their own in a file beside the catalog while the catalog's connection builds
/// the b-tree indexes, then copied in as their shadow tables.
///
/// Why: SQLite builds one index at a time in one file, so on a new catalog of 1,000,000
/// hotels one core built the FTS (5–6 s) and seven b-tree indexes (13–15 s) while the
/// other only inserted the R*Tree's points. And the R*Tree module writes a node back for
/// every point it inserts (14–15 s): here the tree is packed instead (``PackedRTree``,
/// about a second) and written as the rows of its shadow tables. The FTS is built by FTS5
/// itself, over a table of just the rowids and `name_key`s. Shadow tables are plain
/// tables, described in SQLite's documentation and checked by `rtreecheck()` and FTS5's
/// `integrity-check`; copying them into empty tables of the same declaration and page
/// size is a few b-tree appends.
///
/// ```swift
/// let side = try SideIndexBuilder.start(from: db)          // reads the rows, starts the thread
/// try db.execute(sql: CatalogSchema.orderingIndexes)      // meanwhile, on this connection
/// try side.finish(into: db)                               // waits, then copies both in
/// ```
final class SideIndexBuilder: Sendable {
    private let sidePath: String
    private let done = DispatchSemaphore(value: 0)
    private let failure = Mutex<String?>(nil)
    private let cancelled = Atomic<Bool>(false)

    /// What the thread needs of each hotel, in rowid order: given to it whole.
    private struct Rows: Sendable {
        var ids: [Int64] = []
        /// Microdegrees.
        var latitudes: [Int32] = []
        var longitudes: [Int32] = []
        var nameKeys: [String] = []
    }

    private static let geoShadows = ["hotels_geo_node", "hotels_geo_rowid", "hotels_geo_parent"]

    private init(sidePath: String) {
        self.sidePath = sidePath
    }

    /// Reads every hotel's point and name key from `db` and starts building beside its
    /// file; nil for a database with no file (in memory), which builds both in place.
    static func start(from db: Database) throws -> SideIndexBuilder? {
        let path = try Row.fetchAll(db, sql: "PRAGMA database_list").first { $0["name"] == "main" }?["file"] as String?
        guard let path, !path.isEmpty else { return nil }
        var rows = Rows()
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") ?? 0
        rows.ids.reserveCapacity(count)
        rows.latitudes.reserveCapacity(count)
        rows.longitudes.reserveCapacity(count)
        rows.nameKeys.reserveCapacity(count)
        // ``CatalogSchema/geoRows``'s own `round(… * 1e6)`, so a point lands where the SQL fill
        // (and a later import's one-row fill) would put it.
        let cursor = try Row.fetchCursor(
            db, sql: "SELECT id, round(latitude * 1e6), round(longitude * 1e6), name_key FROM hotels ORDER BY id")
        while let row = try cursor.next() {
            rows.ids.append(row[0])
            rows.latitudes.append(Int32(row[1] as Double))
            rows.longitudes.append(Int32(row[2] as Double))
            rows.nameKeys.append(row[3])
        }
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        let builder = SideIndexBuilder(sidePath: path + "-side")
        let handed = rows
        Thread { builder.build(handed, pageSize: pageSize) }.start()
        return builder
    }

    /// Waits for the thread, then replaces the empty tables' shadow rows in `db` with the
    /// built ones, in one transaction. Not inside another: ATTACH refuses to run in one.
    ///
    /// - Throws: the thread's failure (a full disk) as ``HotelCatalogs/CatalogError``
    ///   `database`; SQLite's own errors from the copy.
    func finish(into db: Database) throws {
        done.wait()
        defer { SQLiteCatalogBuilder.removeFiles(sidePath) }
        if let failure = failure.withLock({ $0 }) {
            throw CatalogError.database("building the name search and R*Tree beside the catalog failed: \(failure)")
        }
        try db.execute(sql: "ATTACH DATABASE ? AS hs_side", arguments: [sidePath])
        defer { try? db.execute(sql: "DETACH DATABASE hs_side") }
        try db.inTransaction {
            try db.execute(sql: CatalogSchema.nameSearchTable)
            try db.execute(sql: CatalogSchema.geoTable)
            for shadow in CatalogSchema.nameSearchShadows + Self.geoShadows {
                try db.execute(sql: "DELETE FROM main.\(shadow); INSERT INTO main.\(shadow) SELECT * FROM hs_side.\(shadow)")
            }
            return .commit
        }
    }

    /// After a failure on the catalog's side: stops the thread and removes its file.
    func abandon() {
        cancelled.store(true, ordering: .relaxed)
        done.wait()
        SQLiteCatalogBuilder.removeFiles(sidePath)
    }

    private func build(_ rows: Rows, pageSize: Int) {
        defer { done.signal() }
        do {
            SQLiteCatalogBuilder.removeFiles(sidePath)
            // The page size decides the R*Tree's node size: the same as the catalog's.
            let queue = try SQLiteCatalogBuilder.openForBulkLoad(sidePath, label: "SideIndexBuilder", cacheKiB: 65_536, pageSize: pageSize)
            try queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    try buildNameSearch(rows, db)
                    if cancelled.load(ordering: .relaxed) { return .rollback }
                    try buildGeo(rows, db)
                    return cancelled.load(ordering: .relaxed) ? .rollback : .commit
                }
            }
            try queue.close()
        } catch {
            failure.withLock { $0 = String(describing: error) }
        }
    }

    /// FTS5's own rebuild, over a `hotels` of this file that holds only what it indexes.
    private func buildNameSearch(_ rows: Rows, _ db: Database) throws {
        try db.execute(sql: "CREATE TABLE hotels (id INTEGER PRIMARY KEY, name_key TEXT NOT NULL)")
        let insert = try db.makeStatement(sql: "INSERT INTO hotels (id, name_key) VALUES (?, ?)")
        for index in rows.ids.indices {
            if index % 4096 == 0 && cancelled.load(ordering: .relaxed) { return }
            try insert.execute(arguments: [rows.ids[index], rows.nameKeys[index]])
        }
        try db.execute(sql: CatalogSchema.nameSearchTable + "; " + CatalogSchema.rebuildNameSearch)
    }

    /// The packed tree's rows in place of the empty root the module wrote.
    private func buildGeo(_ rows: Rows, _ db: Database) throws {
        try db.execute(sql: CatalogSchema.geoTable)
        // Every node has the size of that empty root.
        let nodeSize = try Int.fetchOne(db, sql: "SELECT length(data) FROM hotels_geo_node WHERE nodeno = 1") ?? 0
        let tree = PackedRTree(
            ids: rows.ids, latitudes: rows.latitudes, longitudes: rows.longitudes, capacity: PackedRTree.capacity(nodeSize: nodeSize))
        guard !tree.nodes.isEmpty else { return }
        try db.execute(sql: "DELETE FROM hotels_geo_node")
        let node = try db.makeStatement(sql: "INSERT INTO hotels_geo_node (nodeno, data) VALUES (?, ?)")
        for each in tree.nodes {
            try node.execute(arguments: [each.number, Data(tree.blob(of: each, nodeSize: nodeSize))])
        }
        let rowid = try db.makeStatement(sql: "INSERT INTO hotels_geo_rowid (rowid, nodeno) VALUES (?, ?)")
        for leaf in tree.leaves {
            if cancelled.load(ordering: .relaxed) { return }
            for cell in leaf.cells { try rowid.execute(arguments: [cell.id, leaf.number]) }
        }
        let parent = try db.makeStatement(sql: "INSERT INTO hotels_geo_parent (nodeno, parentnode) VALUES (?, ?)")
        for (child, of) in tree.parents { try parent.execute(arguments: [child, of]) }
    }
}
