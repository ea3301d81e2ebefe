import Foundation
import GRDB
import HotelCatalogs

/// The ``InventoryWriter`` of an SQLite catalog file (``HotelCatalogs/CatalogSchema``): every
/// derived column and table kept in step (`name_key`, `city_key`,
/// `price_usd` from the catalog's `currencies`, `amenity_mask`, `hotel_amenities`,
/// `hotel_descriptions`, `hotel_logos`, the FTS and R*Tree rows), so a search finds an
/// imported hotel exactly as it finds a seeded one.
///
/// ```swift
/// let outcome = try SQLiteInventoryWriter.importing(into: "mine.sqlite", dryRun: false) { writer in
///     for row in rows { try writer.write(row) }
///     return try writer.finish(keeping: nil)
/// }
/// ```
///
/// Two ways in, chosen by ``importing(into:dryRun:ifCatalogExists:origin:_:)``:
/// - *A new catalog* (no file at the path, or one to replace): the rows are inserted into the bare tables of a
///   file beside it, the indexes, FTS and R*Tree are built once at the end
///   (``SQLiteCatalogBuilder/createIndexes(_:)``), and the file is renamed into place:
///   the fast path (`hotels seed` takes it too), and nothing at the path until it is complete.
/// - *An existing catalog*: one transaction; each row is compared with the stored hotel and
///   only what differs is written. An error rolls everything back.
///
/// The rowid is the hotel's place in HotelId order (every sort ends in it, so pages break
/// ties by HotelId). New hotels take the next rowids; when their ids do not all sort after
/// the ones before, ``finish(keeping:)`` renumbers the catalog (`+Renumbering.swift`).
public final class SQLiteInventoryWriter: InventoryWriter {
    public let currencies: [String: CurrencyInfo]
    let db: Database
    /// Whether the catalog was empty and unindexed when the import began (a new file).
    let isNew: Bool
    let dryRun: Bool
    let hasLogoTable: Bool
    var counts = ImportCounts()
    var nextRowID: Int64
    /// The greatest HotelId so far (stored, then each new one): a new id below it breaks
    /// the rowid order.
    var greatestHotelID: String?
    var needsRenumbering = false
    var derived = DerivedColumns()
    /// A new catalog's amenities by ``HotelCatalogs/Amenity/all``'s index: the rowids that
    /// have each, written at the end (``writeAmenityRows()``).
    var amenityRows = [[Int64]](repeating: [], count: Amenity.all.count)

    let insertHotel: BoundStatement
    let insertDescription: BoundStatement
    let insertAmenity: BoundStatement
    /// ``StoredHotel/select``; nil for a new catalog, which has nothing to compare with.
    let selectStored: Statement?

    private init(db: Database, isNew: Bool, dryRun: Bool, currencies: [String: CurrencyInfo], hasLogoTable: Bool) throws {
        self.db = db
        self.isNew = isNew
        self.dryRun = dryRun
        self.currencies = currencies
        self.hasLogoTable = hasLogoTable
        nextRowID = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM hotels") ?? 0) + 1
        greatestHotelID = try String.fetchOne(db, sql: "SELECT max(hotel_id) FROM hotels")
        insertHotel = try BoundStatement(
            db.makeStatement(
                sql: """
                    INSERT INTO hotels (id, hotel_id, name, name_key, address, city, city_key, country, latitude, longitude,
                                        stars, price, currency, price_usd, phone, amenities, amenity_mask, logo_initials, logo_seed, logo_version)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                    """))
        insertDescription = try BoundStatement(
            db.makeStatement(sql: "INSERT OR REPLACE INTO hotel_descriptions (id, description) VALUES (?, ?)"))
        insertAmenity = try BoundStatement(db.makeStatement(sql: "INSERT INTO hotel_amenities (hotel_rowid, amenity) VALUES (?, ?)"))
        selectStored = isNew ? nil : try db.makeStatement(sql: StoredHotel.select)
    }

    /// What ``importing(into:dryRun:ifCatalogExists:origin:_:)`` did besides the rows.
    public struct Outcome: Sendable {
        public var counts: ImportCounts
        /// Whether the file was created.
        public var created: Bool
        /// Whether the hotels were renumbered into HotelId order.
        public var renumbered: Bool
    }

    /// Runs `body` with a writer on the catalog at `path`, created when there is none (or
    /// `ifCatalogExists` is `.replace`: the new file is renamed over the old one when
    /// complete), inside one transaction. A dry run opens an existing file read-only (a new
    /// one is made in memory) and writes nothing. `origin` goes into a new catalog's `meta`.
    ///
    /// - Throws: what `body` throws, after rolling back; ``HotelCatalogs/CatalogError``
    ///   `notACatalog` for a file that is not a catalog of this format, `database` when SQLite
    ///   fails (a full disk) or when a file is there and `ifCatalogExists` is `.refuse`.
    public static func importing(
        into path: String, dryRun: Bool, ifCatalogExists: InventoryImporter.IfCatalogExists = .update,
        origin: CatalogOrigin = .files, _ body: (SQLiteInventoryWriter) throws -> ImportCounts
    ) throws -> Outcome {
        var outcome = Outcome(counts: ImportCounts(), created: false, renumbered: false)
        func run(_ db: Database, isNew: Bool, currencies: [String: CurrencyInfo], hasLogoTable: Bool) throws {
            let writer = try SQLiteInventoryWriter(db: db, isNew: isNew, dryRun: dryRun, currencies: currencies, hasLogoTable: hasLogoTable)
            outcome.counts = try body(writer)
            outcome.renumbered = writer.needsRenumbering
        }
        do {
            let exists = FileManager.default.fileExists(atPath: path)
            if exists && ifCatalogExists == .refuse {
                throw CatalogError.database("\(path) already exists; pass --force to replace it")
            }
            if exists && ifCatalogExists == .update {
                let file = try SQLiteCatalogFile.open(path: path, readOnly: dryRun)
                if dryRun {
                    try file.queue.read { db in try run(db, isNew: false, currencies: file.currencies, hasLogoTable: file.hasLogoTable) }
                } else {
                    try file.queue.inTransaction(.immediate) { db in
                        try db.execute(sql: CatalogSchema.logosTable)
                        try run(db, isNew: false, currencies: file.currencies, hasLogoTable: true)
                        return .commit
                    }
                }
                try file.queue.close()
                return outcome
            }
            let meta = SQLiteCatalogBuilder.metaRows(origin: origin)
            let currencies = Dictionary(uniqueKeysWithValues: Currencies.all.map { ($0.code, $0) })
            if dryRun {
                let queue = try DatabaseQueue()
                try queue.inDatabase { db in
                    try SQLiteCatalogBuilder.createTables(db, meta: meta)
                    try run(db, isNew: true, currencies: currencies, hasLogoTable: true)
                }
                return outcome
            }
            try SQLiteCatalogBuilder.writeNewCatalog(to: path) { db in
                try db.inTransaction {
                    try SQLiteCatalogBuilder.createTables(db, meta: meta)
                    try run(db, isNew: true, currencies: currencies, hasLogoTable: true)
                    return .commit
                }
                try SQLiteCatalogBuilder.createIndexes(db)
            }
            outcome.created = true
            return outcome
        } catch let error as DatabaseError {
            throw CatalogError.database(String(describing: error))
        }
    }

    public func write(_ row: InventoryRow) throws {
        switch row {
        case .deletion(let id, _, _):
            guard !isNew, let stored = try StoredHotel.fetch(selectStored!, hotelID: id) else {
                counts.unchanged += 1
                return
            }
            if !dryRun { try delete(rowID: stored.rowID, nameKey: stored.nameKey, amenities: stored.amenities) }
            counts.deleted += 1
        case .hotel(let record):
            if !isNew, let stored = try StoredHotel.fetch(selectStored!, hotelID: record.hotel.id) {
                try update(stored, with: record)
            } else {
                try insert(record)
                counts.new += 1
            }
        }
    }

    /// After the last row: with `kept` (`--delete-missing`), deletes every hotel whose
    /// HotelId is not among them, then makes the derived data whole. Returns the counts.
    public func finish(keeping kept: Set<String>?) throws -> ImportCounts {
        if let kept, !isNew { try deleteMissing(keeping: kept) }
        guard !dryRun else { return counts }
        if isNew { try writeAmenityRows() }
        if needsRenumbering { try renumber() }
        // Nothing else when nothing changed: an import of the same file leaves the file as it was.
        guard counts.new + counts.changed + counts.deleted > 0 else { return counts }
        let hotels = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") ?? 0
        try db.execute(sql: "UPDATE meta SET value = ? WHERE key = 'hotel_count'", arguments: [String(hotels)])
        // The version a running server's OpenTravel page tokens carry (`SQLiteChangeWatch`):
        // one more per import that changes something, in the same transaction.
        try db.execute(
            sql: """
                INSERT INTO meta (key, value) VALUES ('catalog_version', '1')
                ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)
                """)
        if isNew {
            // How many cities the hotels are in, each once.
            let cities = try Int.fetchOne(db, sql: "SELECT count(DISTINCT city_key) FROM hotels") ?? 0
            try db.execute(sql: "UPDATE meta SET value = ? WHERE key = 'cities'", arguments: [String(cities)])
        }
        return counts
    }

    /// Deletes every stored hotel whose HotelId is not in `kept`.
    private func deleteMissing(keeping kept: Set<String>) throws {
        var missing: [(rowID: Int64, nameKey: String, amenities: String)] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT id, hotel_id, name_key, amenities FROM hotels")
        while let row = try rows.next() {
            let hotelID: String = row[1]
            if !kept.contains(hotelID) { missing.append((row[0], row[2], row[3])) }
        }
        counts.deleted += missing.count
        guard !dryRun else { return }
        for hotel in missing { try delete(rowID: hotel.rowID, nameKey: hotel.nameKey, amenities: hotel.amenities) }
    }
}
