import Foundation
import HotelSOAP
import Logging
import PostgresNIO
import Synchronization

/// The hotel catalog in a PostgreSQL database written by `hotels import` or `hotels seed` (schema:
/// ``PostgresSchema``), for several stateless `hotels serve` replicas over one database.
///
/// It answers as ``SQLiteCatalog`` does, hotel for hotel and page for page (the same
/// filters, sorts, ties broken by id, distances to the bit; `SameAnswersTests` compares
/// them), over a `PostgresClient` pool. Searches are parameterised statements whose text
/// depends only on which filters are set; `GetHotel` and logos are named prepared
/// statements (prepared once per pooled connection). `TotalCount`s are cached per filter set.
///
/// ```swift
/// let catalog = try await PostgresCatalog.open(url: "postgres://hotels@127.0.0.1:5432/hotels", logger: logger)
/// defer { catalog.shutdown() }
/// let page = try await catalog.search(HotelQuery(city: "Seoul", sortBy: .price, limit: 20))
/// ```
///
/// Opening refuses a database whose `schema_version` is not ``PostgresSchema/currentVersion``
/// (``CatalogError/Kind/schemaMismatch``) or that was never seeded (`notACatalog`).
public final class PostgresCatalog: HotelCatalog {
    public let location: PostgresLocation
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let logger: Logger
    private let rates: [String: CurrencyInfo]
    /// The version and hotel count, as of the last poll (``PostgresCatalog/watch()``).
    let live: Mutex<Live>
    /// The poll, cancelled by ``shutdown()``.
    let watchTask = Mutex<Task<Void, Never>?>(nil)
    let counts: LRUCache<CountKey, Int>

    private init(
        location: PostgresLocation, client: PostgresClient, runTask: Task<Void, Never>, logger: Logger,
        rates: [String: CurrencyInfo], live: Live, countCacheCapacity: Int
    ) {
        self.location = location
        self.client = client
        self.runTask = runTask
        self.logger = logger
        self.rates = rates
        self.live = Mutex(live)
        self.counts = LRUCache(capacity: countCacheCapacity)
    }

    /// Connects (a pool of up to `maximumConnections`), checks the schema version and
    /// reads the currencies and the hotel count.
    ///
    /// - Throws: ``CatalogError``: `invalidLocation` for a bad URL, `schemaMismatch`,
    ///   `notACatalog` when the database was never seeded, `database` when it cannot be reached.
    public static func open(
        url: String, logger: Logger, maximumConnections: Int = 16, countCacheCapacity: Int = 256
    ) async throws -> PostgresCatalog {
        let location = try PostgresLocation(url: url)
        var configuration = try location.clientConfiguration()
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.minimumConnections = 1
        let rates: [String: CurrencyInfo]
        let live: Live
        do {
            (rates, live) = try await location.withConnection(logger: logger) { connection in
                try await readHeader(connection, location: location, logger: logger)
            }
        } catch {
            throw Self.catalogError(error, location: location)
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        // A notice, once: `hotels serve` on a terminal logs notices and up (start-up, not requests).
        logger.notice("PostgreSQL catalog open", metadata: ["location": "\(location)", "hotels": "\(live.count)"])
        let catalog = PostgresCatalog(
            location: location, client: client, runTask: runTask, logger: logger, rates: rates, live: live,
            countCacheCapacity: countCacheCapacity)
        catalog.watch()
        return catalog
    }

    /// Closes the pool's connections. Searches after this fail.
    public func shutdown() {
        watchTask.withLock { $0?.cancel() }
        runTask.cancel()
    }

    public var storeDescription: String { "postgresql catalog \(location)" }

    public var hotelCount: Int {
        get async throws { await current().count }
    }

    /// `catalog_version`, raised by a trigger in every transaction that changes the hotels
    /// (``PostgresSchema/catalogVersion``): the same on every replica once each has polled.
    public var version: UInt64 {
        get async throws { await current().version }
    }

    /// A round trip that reads a row and the schema version, so `/health` fails over when
    /// the database goes away or is re-seeded with another schema.
    public func checkReadable() async throws {
        try await run { client, logger, location in
            let version = try await client.withConnection { try await PostgresSchema.version($0, logger: logger) }
            guard version == PostgresSchema.currentVersion else {
                throw CatalogError.schemaMismatch(location.description, found: version, expected: PostgresSchema.currentVersion)
            }
            let rows = try await client.query("SELECT id FROM hotels ORDER BY id DESC LIMIT 1", logger: logger)
            for try await _ in rows {}
        }
    }

    // MARK: - HotelCatalog

    public func search(_ query: HotelQuery) async throws -> SearchPage {
        try QueryValidator.validate(query)
        let plan = try PostgresSearchPlan(query: query, rates: rates)
        let offset = query.offset ?? 0
        let limit = query.limit ?? QueryValidator.defaultLimit
        var state = await current()
        let hasDistance = plan.filter.near != nil
        // The count (cached for the version last polled) and the page must describe the same
        // catalog: a commit between the poll and this search would otherwise give the new
        // rows with the old TotalCount. The version is read after the page; when it is still
        // the one the count belongs to, no commit came between. Else poll and ask again.
        for attempt in 1...Self.searchAttempts {
            let countKey = CountKey(generation: state.version, filter: plan.filter)
            let cachedCount: Int? = plan.filter.isEmpty ? state.count : counts.value(for: countKey)
            let (total, hotels, version) = try await run { client, logger, _ -> (Int, [HotelInfo], UInt64) in
                var total = cachedCount ?? 0
                if cachedCount == nil {
                    for try await value in try await client.query(plan.countQuery, logger: logger).decode(Int.self) { total = value }
                }
                var hotels: [HotelInfo] = []
                if offset < total {
                    hotels.reserveCapacity(min(limit, total - offset))
                    for try await row in try await client.query(plan.pageQuery(offset: offset, limit: limit), logger: logger) {
                        let cells = row.makeRandomAccess()
                        var hotel = try Self.hotelInfo(cells)
                        if hasDistance { hotel.distanceKm = try cells[Self.hotelColumnCount].decode(Double.self) }
                        hotels.append(hotel)
                    }
                }
                var version: Int64 = 0
                for try await value in try await client.query("SELECT version FROM catalog_version", logger: logger).decode(Int64.self) {
                    version = value
                }
                return (total, hotels, UInt64(bitPattern: version))
            }
            if version == state.version || attempt == Self.searchAttempts {
                if cachedCount == nil && version == state.version { counts.insert(total, for: countKey) }
                return SearchPage(totalCount: total, offset: offset, hotels: hotels)
            }
            await poll()
            state = live.withLock { $0 }
        }
        preconditionFailure("the loop returns on its last attempt")
    }

    /// A search asked again this often at most while commits keep landing under it; the
    /// last answer is returned as it is (each part consistent with some recent version).
    static let searchAttempts = 3

    public func hotel(id: String) async throws -> HotelDetail? {
        try await run { client, logger, _ -> HotelDetail? in
            for try await row in try await client.execute(HotelByID(hotelID: id), logger: logger) {
                let hotel = try Self.hotelInfo(row)
                let description = try row[Self.hotelColumnCount].decode(String?.self) ?? ""
                let image = SQLiteCatalog.imageURL(hotelId: hotel.id, baseURL: "")
                return HotelDetail(hotel: hotel, description: description, imageURLs: [image])
            }
            return nil
        }
    }

    public func logo(id: String) async throws -> LogoSpec? {
        try await run { client, logger, _ -> LogoSpec? in
            for try await row in try await client.execute(LogoByID(hotelID: id), logger: logger) {
                let (initials, seed, version, png) = try row.decode((String, Int64, Int, ByteBuffer?).self)
                return LogoSpec(
                    initials: initials, seed: UInt64(bitPattern: seed), version: version, image: png.map { Array($0.readableBytesView) })
            }
            return nil
        }
    }

    // MARK: - Reading

    /// The columns of ``SQLiteCatalog/hotelColumns``, in its order, so a row reads alike.
    package static let hotelColumns =
        "h.id, h.hotel_id, h.name, h.address, h.city, h.country, h.latitude, h.longitude, h.stars, h.price, h.currency, h.phone, h.amenities"
    package static let hotelColumnCount = 13

    /// A hotel from the first ``hotelColumnCount`` cells. Logo URLs are site-relative
    /// (`/logos/H…png`): the service prefixes the address it is reached by.
    package static func hotelInfo(_ cells: PostgresRandomAccessRow) throws -> HotelInfo {
        let hotelId = try cells[1].decode(String.self)
        let priceText = try cells[9].decode(String.self)
        let currency = try cells[10].decode(String.self)
        guard let price = Money(parsing: priceText, currency) else {
            throw CatalogError.database("hotel \(hotelId) has a malformed price \"\(priceText)\"")
        }
        return HotelInfo(
            id: hotelId, name: try cells[2].decode(String.self), address: try cells[3].decode(String.self),
            city: try cells[4].decode(String.self), country: try cells[5].decode(String.self),
            latitude: try cells[6].decode(Double.self), longitude: try cells[7].decode(Double.self),
            stars: try cells[8].decode(Int.self), price: price, distanceKm: nil, logoURL: "/logos/\(hotelId).png",
            phone: try cells[11].decode(String?.self),
            amenities: SQLiteCatalog.amenityList(try cells[12].decode(String.self)))
    }

    /// `GetHotel`: one hotel and its description by `HotelId`.
    struct HotelByID: PostgresPreparedStatement {
        static let name = "hotelsearch_hotel_by_id_v1"
        static let sql =
            "SELECT \(PostgresCatalog.hotelColumns), d.description FROM hotels h LEFT JOIN hotel_descriptions d ON d.id = h.id WHERE h.hotel_id = $1"
        typealias Row = PostgresRandomAccessRow
        var hotelID: String
        func makeBindings() throws -> PostgresBindings {
            var binds = PostgresBindings()
            binds.append(hotelID)
            return binds
        }
        func decodeRow(_ row: PostgresRow) throws -> PostgresRandomAccessRow { row.makeRandomAccess() }
    }

    /// What the logo endpoint needs, by `HotelId`.
    struct LogoByID: PostgresPreparedStatement {
        static let name = "hotelsearch_logo_by_id_v2"
        static let sql = """
            SELECT h.logo_initials, h.logo_seed, h.logo_version, l.png
            FROM hotels h LEFT JOIN hotel_logos l ON l.id = h.id WHERE h.hotel_id = $1
            """
        typealias Row = PostgresRow
        var hotelID: String
        func makeBindings() throws -> PostgresBindings {
            var binds = PostgresBindings()
            binds.append(hotelID)
            return binds
        }
        func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
    }

    private static func readHeader(_ client: PostgresConnection, location: PostgresLocation, logger: Logger) async throws -> (
        [String: CurrencyInfo], Live
    ) {
        let version = try await PostgresSchema.version(client, logger: logger)
        guard version != 0 else {
            throw CatalogError.notACatalog(
                location.description, reason: "it has no schema_version table; seed it with hotels seed --output \(location)")
        }
        guard version == PostgresSchema.currentVersion else {
            throw CatalogError.schemaMismatch(location.description, found: version, expected: PostgresSchema.currentVersion)
        }
        var meta: [String: String] = [:]
        for try await (key, value) in try await client.query("SELECT key, value FROM meta", logger: logger).decode((String, String).self) {
            meta[key] = value
        }
        guard meta["format"] == CatalogSchema.formatName, meta["complete"] == "true" else {
            throw CatalogError.notACatalog(location.description, reason: "the seed did not finish (no complete mark in meta)")
        }
        var rates: [String: CurrencyInfo] = [:]
        let rows = try await client.query("SELECT code, usd_rate, minor_units FROM currencies", logger: logger)
        for try await (code, rate, minorUnits) in rows.decode((String, Double, Int).self) {
            rates[code] = CurrencyInfo(code: code, usdRate: rate, minorUnits: minorUnits)
        }
        let sent = ContinuousClock.now
        var live = Live(version: 0, count: 0, checkedAt: sent)
        for try await (version, count) in try await client.query(Live.query, logger: logger).decode((Int64, Int).self) {
            live = Live(version: UInt64(bitPattern: version), count: count, checkedAt: sent)
        }
        return (rates, live)
    }

    /// Runs database work with errors as ``CatalogError`` (cancellation stays cancellation).
    ///
    /// Bounded by ``requestTimeout``: while the database is unreachable the pool waits for
    /// a connection with no end of its own, so a request (and a graceful shutdown waiting
    /// for it) would hang; this way it fails as a `database` error and `/health` says 503.
    func run<T: Sendable>(
        _ body: @escaping @Sendable (PostgresClient, Logger, PostgresLocation) async throws -> T
    ) async throws -> T {
        let (client, logger, location, timeout) = (self.client, self.logger, self.location, Self.requestTimeout)
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body(client, logger, location) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else {
                    throw CatalogError.database("\(location): no answer within \(timeout)")
                }
                return value
            }
        } catch {
            throw Self.catalogError(error, location: location)
        }
    }

    /// How long one catalog call may wait for the database, connection included.
    static let requestTimeout: Duration = .seconds(10)

    package static func catalogError(_ error: any Error, location: PostgresLocation) -> any Error {
        switch error {
        case let error as CatalogError: return error
        case is CancellationError: return error
        case let error as PSQLError:
            // PSQLError's description hides the server's message on purpose (it may hold
            // data); the code and message are what an operator needs.
            let server = error.serverInfo.map { "\($0[.sqlState] ?? "") \($0[.message] ?? "")" } ?? "\(error.code)"
            return CatalogError.database("\(location): \(server)")
        default: return CatalogError.database("\(location): \(error)")
        }
    }
}
