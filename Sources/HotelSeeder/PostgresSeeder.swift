import Foundation
import HotelCatalogs
import Logging
import NIOCore
import PostgresNIO

/// Writes the demo catalog into PostgreSQL: the same hotels as ``CatalogSeeder`` for the
/// same `count` and `seed`, through the migrations of ``PostgresSchema`` and `COPY`.
///
/// ```swift
/// let seconds = try await PostgresSeeder.seed(
///     count: 1_000_000, seed: 42, url: "postgres://hotels@127.0.0.1:5432/hotels", replace: true, logger: logger)
/// ```
///
/// Steps: (1) in one transaction, drop an earlier catalog if `replace`, create the tables
/// (every migration's statements but its indexes) and write `meta` and `currencies`;
/// (2) `COPY … FROM STDIN` the hotels and their descriptions at once on two connections,
/// fed from one generator (hotels are generated once, on every core, in batches);
/// (3) build the indexes, on two connections (the trigram GIN index alone takes as long
/// as the rest); (4) `ANALYZE`, then record the versions in `schema_version` and mark
/// `meta.complete`. A catalog is served only once (4) is done, so an interrupted seed is
/// never read as a short catalog.
public enum PostgresSeeder {
    /// Seeds the database at `url`. Throws ``CatalogError``: `schemaMismatch` for a
    /// database newer than this program, `database` (naming `--force`) when it already
    /// holds a catalog and `replace` is false, `invalidQuery` for a count out of range.
    public static func seed(
        count: Int, seed: UInt64, url: String, replace: Bool, logger: Logger, progress: @Sendable (Int) -> Void = { _ in }
    ) async throws {
        guard (0...CatalogSeeder.maxCount).contains(count) else {
            throw CatalogError.invalidQuery(field: "count", message: "count must be between 0 and \(CatalogSeeder.maxCount), not \(count)")
        }
        let location = try PostgresLocation(url: url)
        // Fails at once on a wrong password, host or certificate (the pool would retry).
        do { try await location.withConnection(logger: logger) { _ in } } catch {
            throw PostgresCatalog.catalogError(error, location: location)
        }
        var configuration = try location.clientConfiguration()
        configuration.options.maximumConnections = 2
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        defer { runTask.cancel() }
        do {
            // Held on a connection of its own until the seed is done or fails: an import that
            // finds no catalog waits, and one that finds an incomplete catalog knows nobody is
            // still writing it.
            try await location.withConnection(logger: logger) { lock in
                try await lock.query("SELECT pg_advisory_lock(\(creatorLock))", logger: logger)
                try await fill(client, location: location, replace: replace, count: count, seed: seed, logger: logger, progress: progress)
            }
        } catch {
            throw PostgresCatalog.catalogError(error, location: location)
        }
    }

    /// `pg_advisory_lock`'s key for whoever creates or replaces a catalog ("hotels"): this
    /// seeder and `hotels import` into a database with no complete catalog.
    package static let creatorLock: Int64 = 0x686f_7465_6c73

    /// Steps (1) to (4) above.
    private static func fill(
        _ client: PostgresClient, location: PostgresLocation, replace: Bool, count: Int, seed: UInt64, logger: Logger,
        progress: @Sendable (Int) -> Void
    ) async throws {
        try await prepare(client, location: location, replace: replace, count: count, seed: seed, logger: logger)
        logger.info("seeding: copying hotels", metadata: ["count": "\(count)"])
        try await copyHotels(client, count: count, seed: seed, logger: logger, progress: progress)
        logger.info("seeding: building indexes")
        try await buildIndexes(client, logger: logger)
        try await client.withConnection { connection in
            try await connection.query("ANALYZE", logger: logger)
            try await connection.query("BEGIN", logger: logger)
            for migration in PostgresSchema.migrations {
                try await PostgresSchema.record(migration.version, on: connection, logger: logger)
            }
            try await connection.query("UPDATE meta SET value = 'true' WHERE key = 'complete'", logger: logger)
            try await connection.query("COMMIT", logger: logger)
        }
    }

    /// Applies migrations to an already seeded database (`hotels seed --migrate`).
    public static func migrate(url: String, logger: Logger) async throws -> [Int] {
        let location = try PostgresLocation(url: url)
        do { try await location.withConnection(logger: logger) { _ in } } catch {
            throw PostgresCatalog.catalogError(error, location: location)
        }
        let client = PostgresClient(configuration: try location.clientConfiguration(), backgroundLogger: logger)
        let runTask = Task { await client.run() }
        defer { runTask.cancel() }
        do {
            return try await PostgresSchema.migrate(client, location: location.description, logger: logger)
        } catch {
            throw PostgresCatalog.catalogError(error, location: location)
        }
    }

    static let tables = ["hotel_logos", "hotel_descriptions", "hotels", "currencies", "meta", "catalog_version", "schema_version"]

    private static func prepare(
        _ client: PostgresClient, location: PostgresLocation, replace: Bool, count: Int, seed: UInt64, logger: Logger
    ) async throws {
        try await client.withConnection { connection in
            let version = try await PostgresSchema.version(connection, logger: logger)
            if version > PostgresSchema.currentVersion {
                throw CatalogError.schemaMismatch(location.description, found: version, expected: PostgresSchema.currentVersion)
            }
            var exists = false
            for try await flag in try await connection.query("SELECT to_regclass('hotels') IS NOT NULL", logger: logger).decode(Bool.self) {
                exists = flag
            }
            if exists && !replace {
                throw CatalogError.database("\(location) already holds a catalog; pass --force to replace it")
            }
            try await connection.query("BEGIN", logger: logger)
            try await dropCatalog(on: connection, logger: logger)
            try await createTables(
                on: connection, hotelCount: count, seed: String(seed), generator: "PostgresSeeder \(PostgresSchema.currentVersion)",
                cities: SeedData.cities.count, logger: logger)
            try await connection.query("COMMIT", logger: logger)
        }
    }

    /// Drops every table and function of a catalog, inside the caller's transaction: what
    /// `--force` replaces, and what an import into a new database removes when it fails (or
    /// finds left by one that was interrupted).
    package static func dropCatalog(on connection: PostgresConnection, logger: Logger) async throws {
        for table in tables {
            try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table) CASCADE"), logger: logger)
        }
        try await connection.query("DROP FUNCTION IF EXISTS hs_distance_km(float8, float8, float8, float8)", logger: logger)
        try await connection.query("DROP FUNCTION IF EXISTS hs_catalog_changed() CASCADE", logger: logger)
    }

    /// Every migration's tables (not their indexes), `meta` marked incomplete and the
    /// currencies, inside the caller's transaction: the seeder's first step, and
    /// `hotels import`'s into a database with no catalog yet.
    package static func createTables(
        on connection: PostgresConnection, hotelCount: Int, seed: String, generator: String, cities: Int, logger: Logger
    ) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.versionTable), logger: logger)
        for migration in PostgresSchema.migrations {
            for sql in migration.statements { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
        }
        // The SQLite catalog's rows, and the mark a server waits for before it serves one.
        let meta =
            CatalogSeeder.metaRows(hotelCount: hotelCount, seed: seed, generator: generator, cities: cities) + [("complete", "false")]
        for (key, value) in meta {
            try await connection.query("INSERT INTO meta (key, value) VALUES (\(key), \(value))", logger: logger)
        }
        for info in Currencies.all {
            try await connection.query(
                "INSERT INTO currencies (code, usd_rate, minor_units) VALUES (\(info.code), \(info.usdRate), \(info.minorUnits))",
                logger: logger)
        }
    }

    package static let hotelColumns = [
        "id", "hotel_id", "name", "name_key", "address", "city", "city_key", "country", "latitude", "longitude", "stars", "price",
        "currency", "price_usd", "phone", "amenities", "amenity_mask", "logo_initials", "logo_seed", "logo_version",
    ]

    /// Both COPYs run at once, each on its own connection; every batch is generated once
    /// and written to both.
    private static func copyHotels(
        _ client: PostgresClient, count: Int, seed: UInt64, logger: Logger, progress: @Sendable (Int) -> Void
    ) async throws {
        let generator = HotelGenerator(seed: seed)
        try await client.withConnection { hotelsConnection in
            try await hotelsConnection.copyFrom(table: "hotels", columns: hotelColumns, logger: logger) { hotelWriter in
                try await client.withConnection { descriptionsConnection in
                    try await descriptionsConnection.copyFrom(
                        table: "hotel_descriptions", columns: ["id", "description"], logger: logger
                    ) { descriptionWriter in
                        var next = 1
                        var reported = 0
                        while next <= count {
                            let range = next...min(count, next + 8_191)
                            next = range.upperBound + 1
                            let (hotels, descriptions) = CopyText.rows(CatalogSeeder.generateBatch(range, generator: generator))
                            try await hotelWriter.write(hotels)
                            try await descriptionWriter.write(descriptions)
                            if range.upperBound / CatalogSeeder.progressInterval > reported || range.upperBound == count {
                                reported = range.upperBound / CatalogSeeder.progressInterval
                                progress(range.upperBound)
                            }
                        }
                        if count == 0 { progress(0) }
                    }
                }
            }
        }
    }

    /// The indexes of every migration, on two connections: the trigram index on one, the
    /// rest on the other (each takes about as long).
    package static func buildIndexes(_ client: PostgresClient, logger: Logger) async throws {
        let all = PostgresSchema.migrations.flatMap(\.afterLoad)
        let slow = all.filter { $0.contains("gin_trgm_ops") }
        let rest = all.filter { !$0.contains("gin_trgm_ops") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for part in [slow, rest] where !part.isEmpty {
                group.addTask {
                    try await client.withConnection { connection in
                        // This session's only: a million rows' GiST and GIN indexes took 11.8 and
                        // 10.4 s at the default 64 MB, 8.2 and 8.3 s at 512 MB.
                        try await connection.query("SET maintenance_work_mem = '512MB'", logger: logger)
                        for sql in part { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
                        try await connection.query("RESET maintenance_work_mem", logger: logger)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// PostgreSQL's COPY text format: tab-separated, `\N` for NULL, backslash escapes for
/// backslash, tab, newline and carriage return.
package enum CopyText {
    static func rows(_ hotels: [SeedHotel]) -> (hotels: ByteBuffer, descriptions: ByteBuffer) {
        var hotelText = ""
        hotelText.reserveCapacity(hotels.count * 320)
        var descriptionText = ""
        descriptionText.reserveCapacity(hotels.count * 600)
        for h in hotels {
            let fields: [String] = [
                String(h.number), h.hotelId, h.name, h.nameKey, h.address, h.city, h.cityKey, h.country,
                // Swift prints the shortest text that reads back as the same double.
                "\(h.latitude)", "\(h.longitude)", String(h.stars), h.price, h.currency, "\(h.priceUSD)", h.phone,
                h.amenities.joined(separator: ","), String(Amenity.mask(h.amenities)), h.logoInitials,
                String(Int64(bitPattern: h.logoSeed)), "1",
            ]
            for (i, field) in fields.enumerated() {
                if i > 0 { hotelText.append("\t") }
                append(field, to: &hotelText)
            }
            hotelText.append("\n")
            descriptionText.append(String(h.number))
            descriptionText.append("\t")
            append(h.description, to: &descriptionText)
            descriptionText.append("\n")
        }
        return (ByteBuffer(string: hotelText), ByteBuffer(string: descriptionText))
    }

    /// One line of COPY text: `fields` tab-separated, `\N` for nil.
    package static func appendLine(_ fields: [String?], to out: inout String) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append("\t") }
            if let field { append(field, to: &out) } else { out.append("\\N") }
        }
        out.append("\n")
    }

    package static func append(_ field: String, to out: inout String) {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 || $0 == 13 }) else {
            out.append(field)
            return
        }
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out.append("\\\\")
            case "\t": out.append("\\t")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
