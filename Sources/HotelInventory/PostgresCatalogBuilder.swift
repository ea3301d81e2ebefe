import HotelCatalogs
import Logging
import PostgresNIO

/// How a new PostgreSQL catalog is made (``PostgresImport``, for `hotels import` into a
/// database with no catalog and for `hotels seed`, which writes through the import): the
/// tables of every migration of ``HotelCatalogs/PostgresSchema`` without their indexes,
/// the rows, then the indexes on two connections.
///
/// ```swift
/// try await connection.query("BEGIN", logger: logger)
/// try await PostgresCatalogBuilder.dropCatalog(on: connection, logger: logger)
/// try await PostgresCatalogBuilder.createTables(on: connection, origin: .files, logger: logger)
/// try await connection.query("COMMIT", logger: logger)
/// // … COPY the rows …
/// try await PostgresCatalogBuilder.buildIndexes(client, logger: logger)
/// ```
enum PostgresCatalogBuilder {
    /// `pg_advisory_lock`'s key for whoever creates or replaces a catalog ("hotels"), held
    /// from before it looks at the database until the catalog is complete or gone.
    static let creatorLock: Int64 = 0x686f_7465_6c73

    /// A catalog's tables, in the order they are dropped.
    static let tables = ["hotel_logos", "hotel_descriptions", "hotels", "currencies", "meta", "catalog_version", "schema_version"]

    /// Drops every table and function of a catalog, inside the caller's transaction: what
    /// `--force` replaces, and what an import into a new database removes when it fails (or
    /// finds left by one that was interrupted).
    static func dropCatalog(on connection: PostgresConnection, logger: Logger) async throws {
        for table in tables {
            try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table) CASCADE"), logger: logger)
        }
        try await connection.query("DROP FUNCTION IF EXISTS hs_distance_km(float8, float8, float8, float8)", logger: logger)
        try await connection.query("DROP FUNCTION IF EXISTS hs_catalog_changed() CASCADE", logger: logger)
    }

    /// Every migration's tables (not their indexes), `meta` marked incomplete and the
    /// currencies, inside the caller's transaction.
    static func createTables(on connection: PostgresConnection, origin: CatalogOrigin, logger: Logger) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.versionTable), logger: logger)
        for migration in PostgresSchema.migrations {
            for sql in migration.statements { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
        }
        // The SQLite catalog's rows, and the mark a server waits for before it serves one.
        let meta = SQLiteCatalogBuilder.metaRows(origin: origin) + [("complete", "false")]
        for (key, value) in meta {
            try await connection.query("INSERT INTO meta (key, value) VALUES (\(key), \(value))", logger: logger)
        }
        for info in Currencies.all {
            try await connection.query(
                "INSERT INTO currencies (code, usd_rate, minor_units) VALUES (\(info.code), \(info.usdRate), \(info.minorUnits))",
                logger: logger)
        }
    }

    /// `hotels`' columns in COPY order.
    static let hotelColumns = [
        "id", "hotel_id", "name", "name_key", "address", "city", "city_key", "country", "latitude", "longitude", "stars", "price",
        "currency", "price_usd", "phone", "amenities", "amenity_mask", "logo_initials", "logo_seed", "logo_version",
    ]

    /// The indexes of every migration, on two connections: the trigram index on one, the
    /// rest on the other (each takes about as long).
    static func buildIndexes(_ client: PostgresClient, logger: Logger) async throws {
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
