import Foundation
import GRDB
import GRDBSQLite
import HotelSOAP

/// The hotel catalog in an SQLite file written by `hotels import` or `hotels seed` (schema: ``CatalogSchema``).
///
/// Opened read-only through ``SQLiteReaders``: many searches run at once, each on its
/// own connection. Every filter has an index behind it (see ``CatalogSchema``); `TotalCount`s
/// are cached per filter set, so paging through one query counts once.
///
/// Live: another process may commit to the file while it is served (`hotels import`, in WAL
/// mode so readers are never blocked). ``SQLiteChangeWatch`` notices each commit; every cache
/// here (rows, counts, the hotel count) keys on its generation, so nothing read before a
/// commit is used after the watch has seen it.
///
/// ```swift
/// let catalog = try SQLiteCatalog(path: "hotels.sqlite", baseURL: "http://127.0.0.1:8080")
/// var query = HotelQuery(near: GeoCircle(latitude: 37.5665, longitude: 126.978, radiusKm: 5))
/// query.sortBy = .distance
/// let page = try await catalog.search(query)      // hotels[i].distanceKm is set
/// ```
///
/// `CheckIn`, `CheckOut` and `Guests` are validated but do not filter: the demo catalog
/// has no availability data, every hotel is bookable every night.
public final class SQLiteCatalog: HotelCatalog {
    /// The catalog file.
    public let path: String
    /// The server's public URL, without a trailing slash: `LogoURL`s are built from it.
    public let baseURL: String

    let storage: Storage
    /// Per instance, not in `storage`: the hotels' `LogoURL`s are built from `baseURL`.
    let rowCache: HotelRowCache

    /// What instances that differ only by `baseURL` share.
    final class Storage: Sendable {
        let readers: SQLiteReaders
        /// The hotel count, whether the file has `hotel_logos` (catalogs seeded before it was
        /// added do not, until their first import) and the generation caches key on.
        let watch: SQLiteChangeWatch
        let rates: [String: CurrencyInfo]
        let meta: [String: String]
        let counts: LRUCache<CountKey, Int>
        /// See ``SearchPlan/defaultDriveLimit``; tests lower it to exercise both strategies.
        let driveLimit: Int

        init(
            readers: SQLiteReaders, watch: SQLiteChangeWatch, rates: [String: CurrencyInfo], meta: [String: String],
            countCacheCapacity: Int,
            driveLimit: Int
        ) {
            self.driveLimit = driveLimit
            self.readers = readers
            self.watch = watch
            self.rates = rates
            self.meta = meta
            self.counts = LRUCache(capacity: countCacheCapacity)
        }
    }

    /// Opens a catalog read-only.
    ///
    /// - Parameters:
    ///   - baseURL: the server's public URL, e.g. `http://127.0.0.1:8080`; logos are at
    ///     `\(baseURL)/logos/\(hotelId).png`.
    ///   - countCacheCapacity: how many `TotalCount`s to remember (0 = none).
    ///   - maximumReaderCount: how many searches run at the same time.
    /// - Throws: ``CatalogError`` `notFound` when there is no file, `notACatalog` when the
    ///   file is not a HotelSearch catalog of this format version, `database` otherwise.
    public convenience init(path: String, baseURL: String, countCacheCapacity: Int = 256, maximumReaderCount: Int = 8) throws(CatalogError)
    {
        try self.init(
            path: path, baseURL: baseURL, countCacheCapacity: countCacheCapacity, maximumReaderCount: maximumReaderCount,
            driveLimit: SearchPlan.defaultDriveLimit)
    }

    /// - Parameter rowCacheCapacity: hotels kept read (``HotelRowCache``); tests make it tiny.
    package init(
        path: String, baseURL: String, countCacheCapacity: Int, maximumReaderCount: Int, driveLimit: Int,
        rowCacheCapacity: Int = rowCacheCapacity
    ) throws(CatalogError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path)
        }
        guard !isDirectory.boolValue else { throw .notACatalog(path, reason: "it is a directory") }
        try CatalogFileProbe.check(path)

        var config = Configuration()
        config.readonly = true
        config.label = "HotelCatalog"
        // In WAL a reader waits for nobody; a catalog still in rollback mode (seeded before
        // seeds were WAL) is locked for the moment an import commits.
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in
            db.add(function: SQLiteCatalog.makeDistanceFunction())
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // No mmap: each connection would map the file for itself, and the pages the
            // event loops touch would count once per loop in the server's RSS (131 → 190 MB
            // from one loop to two on 100,000 hotels; 2 MB more with SQLite's own page cache,
            // at 5–10 % more CPU per deep page; BENCHMARKS.md, "Scaling with cores").
        }
        do {
            let readers = SQLiteReaders(path: path, count: maximumReaderCount, configuration: config)
            // One transaction, so the header's tables are read at one version of the file.
            let (meta, rates, _) = try readers.read { db in
                var header: ([String: String], [String: CurrencyInfo], Int)?
                try db.inTransaction(.deferred) {
                    header = try Self.readHeader(db, path: path)
                    return .commit
                }
                return header!
            }
            storage = Storage(
                readers: readers, watch: try SQLiteChangeWatch(path: path), rates: rates, meta: meta,
                countCacheCapacity: countCacheCapacity,
                driveLimit: driveLimit)
        } catch let error as CatalogError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notACatalog(path, reason: "not an SQLite database")
        } catch let error as DatabaseError where CatalogFileProbe.meansDamaged(error) {
            throw .notACatalog(path, reason: CatalogFileProbe.damaged(error))
        } catch {
            throw .database(String(describing: error))
        }
        self.path = path
        self.baseURL = Self.trimmedBaseURL(baseURL)
        rowCache = HotelRowCache(capacity: rowCacheCapacity)
    }

    private init(path: String, baseURL: String, storage: Storage, rowCacheCapacity: Int) {
        self.path = path
        self.baseURL = Self.trimmedBaseURL(baseURL)
        self.storage = storage
        rowCache = HotelRowCache(capacity: rowCacheCapacity)
    }

    /// Hotels kept read (``HotelRowCache``): about 10 MB, the whole of a 16,000-hotel catalog.
    static let rowCacheCapacity = 16_384

    /// The same open catalog, with `LogoURL`s built from another base URL (e.g. once the
    /// server knows the port it listens on).
    public func withBaseURL(_ baseURL: String) -> SQLiteCatalog {
        SQLiteCatalog(path: path, baseURL: baseURL, storage: storage, rowCacheCapacity: rowCache.capacity)
    }

    /// The `meta` table: `format`, `format_version`, `hotel_count`, `seed`…
    public var metadata: [String: String] { storage.meta }

    public var hotelCount: Int {
        get async throws { storage.watch.current().hotelCount }
    }

    /// The file's `meta` `catalog_version`, which `hotels import` raises in every import that
    /// changes something (0 before the first); read again when the watch sees a commit.
    public var version: UInt64 {
        get async throws { storage.watch.current().version }
    }

    public var storeDescription: String { "sqlite catalog" }

    /// Reads the last hotel's row from the file, never from memory: the connection first
    /// gives back the pages it keeps (`sqlite3_db_release_memory`), so a file damaged under
    /// the server shows here, not only in the searches that reach a damaged page. The
    /// pages it gives back are read again from the operating system's cache by the next
    /// searches on this connection (a health check a second is nothing to them).
    public func checkReadable() async throws {
        _ = try await withDatabase { db in
            sqlite3_db_release_memory(db.sqliteConnection)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels WHERE rowid = (SELECT max(rowid) FROM hotels)")
        }
    }

    /// Closes the database connections. Searches after this fail.
    public func close() throws(CatalogError) {
        do {
            try storage.readers.close()
            try storage.watch.close()
        } catch { throw .database(String(describing: error)) }
    }

    // MARK: - HotelCatalog

    public func search(_ query: HotelQuery) async throws -> SearchPage {
        try QueryValidator.validate(query)
        var plan = try SearchPlan(query: query, rates: storage.rates)
        plan.driveLimit = storage.driveLimit
        let offset = query.offset ?? 0
        let limit = query.limit ?? QueryValidator.defaultLimit
        let state = storage.watch.current()
        let countKey = CountKey(generation: state.generation, filter: plan.filter)
        let cachedCount: Int? = plan.filter.isEmpty ? state.hotelCount : storage.counts.value(for: countKey)
        let baseURL = self.baseURL
        let rowCache = self.rowCache
        let countedPlan = plan
        let (total, hotels) = try await withDatabase { db -> (Int, [HotelInfo]) in
            // One read transaction: the count, the page and the rows come from one commit.
            try Self.inReadTransaction(db) {
                let total = try cachedCount ?? countedPlan.count(db)
                guard offset < total else { return (total, []) }
                let page = try countedPlan.page(db, offset: offset, limit: limit, total: total)
                var hotels = try Self.fetchHotels(db, ids: page.map(\.id), baseURL: baseURL, cache: rowCache, generation: state.generation)
                for i in hotels.indices { hotels[i].distanceKm = page[i].distanceKm }
                return (total, hotels)
            }
        }
        if cachedCount == nil { storage.counts.insert(total, for: countKey) }
        return SearchPage(totalCount: total, offset: offset, hotels: hotels)
    }

    public func hotel(id: String) async throws -> HotelDetail? {
        let baseURL = self.baseURL
        return try await withDatabase { db -> HotelDetail? in
            let sql =
                "SELECT \(Self.hotelColumns), d.description FROM hotels h LEFT JOIN hotel_descriptions d ON d.id = h.id WHERE h.hotel_id = ?"
            guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id]) else { return nil }
            let hotel = try Self.hotelInfo(row, baseURL: baseURL)
            let description: String = row[Self.hotelColumnCount] ?? ""
            return HotelDetail(hotel: hotel, description: description, imageURLs: [Self.imageURL(hotelId: hotel.id, baseURL: baseURL)])
        }
    }

    public func logo(id: String) async throws -> LogoSpec? {
        let hasLogoTable = storage.watch.current().hasLogoTable
        return try await withDatabase { db -> LogoSpec? in
            let sql =
                hasLogoTable
                ? "SELECT h.logo_initials, h.logo_seed, h.logo_version, l.png FROM hotels h LEFT JOIN hotel_logos l ON l.id = h.id WHERE h.hotel_id = ?"
                : "SELECT logo_initials, logo_seed, logo_version, NULL FROM hotels WHERE hotel_id = ?"
            guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id]) else { return nil }
            let seed: Int64 = row[1]
            let png: Data? = row[3]
            return LogoSpec(initials: row[0], seed: UInt64(bitPattern: seed), version: row[2], image: png.map { [UInt8]($0) })
        }
    }

    // MARK: - URLs

    /// `\(baseURL)/logos/\(hotelId).png`
    public static func logoURL(hotelId: String, baseURL: String) -> String {
        "\(trimmedBaseURL(baseURL))/logos/\(hotelId).png"
    }

    /// The picture `GetHotel` lists: the logo at a larger size.
    public static func imageURL(hotelId: String, baseURL: String) -> String {
        logoURL(hotelId: hotelId, baseURL: baseURL) + "?size=512"
    }

    private static func trimmedBaseURL(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// How many hotels are kept read (for tests).
    var cachedHotelCount: Int { rowCache.count }

    /// How many `TotalCount`s are cached (for tests).
    var cachedCountEntries: Int { storage.counts.count }

    /// Runs a read on one of the catalog's connections (``SQLiteReaders``), with errors as ``CatalogError``.
    func database<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await withDatabase(body)
    }

    private func withDatabase<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try readHere(body)
        } catch let error as CatalogError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as DatabaseError where error.isInterruptionError {
            throw CancellationError()
        } catch {
            throw CatalogError.database(String(describing: error))
        }
    }

    /// Reads on the calling thread. GRDB's async `read` hops to a dispatch queue and back,
    /// two thread switches per query, which were a tenth of a search's time under load.
    /// The read itself is CPU work on a memory-mapped file (no I/O wait), as much as
    /// writing the response is; ``SQLiteReaders`` gives each event loop a connection of its
    /// own, so it does not wait for one.
    ///
    /// `unsafeRead`: GRDB's `read` adds its own checks and a transaction around every query;
    /// the reads that take more than one statement (a search) open their own, so that a
    /// commit between two statements cannot mix two versions of the catalog in one answer.
    private func readHere<T>(_ body: (Database) throws -> T) throws -> T {
        try storage.readers.read(body)
    }

    /// `hs_distance_km(lat1, lon1, lat2, lon2)`: ``GeoMath/distanceKm(_:_:_:_:)`` for SQL.
    static func makeDistanceFunction() -> DatabaseFunction {
        DatabaseFunction(CatalogSchema.distanceFunctionName, argumentCount: 4, pure: true) { values in
            guard let lat1 = Double.fromDatabaseValue(values[0]), let lon1 = Double.fromDatabaseValue(values[1]),
                let lat2 = Double.fromDatabaseValue(values[2]), let lon2 = Double.fromDatabaseValue(values[3])
            else { return nil }
            return GeoMath.distanceKm(lat1, lon1, lat2, lon2)
        }
    }
}
