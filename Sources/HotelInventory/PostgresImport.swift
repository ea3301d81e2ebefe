import Foundation
import HotelCatalogs
import Logging
import PostgresNIO

/// `hotels import --into postgres://…`: the whole import in one transaction on one
/// connection, so replicas see all of it or none of it.
///
/// 1. `BEGIN`; a database with no catalog gets the tables (``PostgresCatalogBuilder``'s, without
///    their indexes); an existing one is locked against other writers (`SHARE ROW
///    EXCLUSIVE`: searches go on reading).
/// 2. The rows, read and validated on a thread of their own (``InventoryImporter/feed(_:progress:)``),
///    stream by `COPY` into ``stagingTable``, a temporary table. A bad row stops the COPY.
/// 3. The merge, in SQL (`+Merge.swift`): deletions, changes, then new hotels.
/// 4. A new catalog builds its indexes and is marked complete; `COMMIT`, or `ROLLBACK`
///    for `--dry-run`, which so counts exactly what an import would do.
///
/// The triggers of ``HotelCatalogs/PostgresSchema`` raise `catalog_version` in the same
/// transaction, so each replica's poll sees the change within its interval; statements are
/// skipped when they would change nothing, so re-importing the same file changes no
/// version and no page token.
///
/// ```swift
/// let summary = try await importer.importIntoPostgres(url: "postgres://hotels@db/hotels", logger: logger)
/// ```
enum PostgresImport {
    static let stagingTable = "hs_import_rows"

    /// The staging table's columns, in COPY order. `logo_kind`: 0 keep, 1 monogram, 2 `png`.
    static let stagingColumns: [(name: String, type: String)] = [
        ("hotel_id", "text"), ("deleted", "boolean"), ("name", "text"), ("name_key", "text COLLATE \"C\""), ("address", "text"),
        ("city", "text"), ("city_key", "text COLLATE \"C\""), ("country", "text"), ("latitude", "float8"), ("longitude", "float8"),
        ("stars", "int"), ("price", "text"), ("currency", "text"), ("price_usd", "float8"), ("phone", "text"),
        ("has_phone", "boolean"), ("amenities", "text"), ("has_amenities", "boolean"), ("amenity_mask", "bigint"),
        ("logo_initials", "text"), ("logo_seed", "bigint"), ("description", "text"), ("logo_kind", "smallint"), ("png", "bytea"),
    ]

    struct Outcome {
        var counts: ImportCounts
        var created: Bool
        var renumbered: Bool
    }

    static func run(
        _ importer: InventoryImporter, url: String, logger: Logger, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> (Outcome, rows: Int) {
        let location = try PostgresLocation(url: url)
        do {
            // A database with no catalog gets one the faster way (`+NewCatalog.swift`); a dry
            // run, which must write nothing, counts in a transaction it rolls back.
            if !importer.options.dryRun,
                let created = try await createCatalog(importer, location: location, logger: logger, progress: progress)
            {
                return created
            }
            return try await location.withConnection(logger: logger) { connection in
                // This session's only: the staging table stays in memory up to 256 MB instead of
                // the default 8 MB, and index builds get 512 MB instead of 64 MB (a million
                // rows' GiST and GIN indexes: 11.8 and 10.4 s → 8.2 and 8.3 s).
                try await connection.query("SET temp_buffers = '256MB'", logger: logger)
                try await connection.query("SET maintenance_work_mem = '512MB'", logger: logger)
                try await connection.query("BEGIN", logger: logger)
                do {
                    let result = try await inTransaction(
                        importer, connection: connection, location: location, logger: logger, progress: progress)
                    try await connection.query(importer.options.dryRun ? "ROLLBACK" : "COMMIT", logger: logger)
                    return result
                } catch {
                    try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch let error as InventoryError {
            throw error
        } catch {
            throw PostgresCatalog.catalogError(error, location: location)
        }
    }

    private static func inTransaction(
        _ importer: InventoryImporter, connection: PostgresConnection, location: PostgresLocation, logger: Logger,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws -> (Outcome, rows: Int) {
        let created = try await prepare(connection, location: location, logger: logger)
        let currencies = try await readCurrencies(connection, logger: logger)
        let columns = stagingColumns.map { "\($0.name) \($0.type)" }.joined(separator: ", ")
        try await connection.query(
            PostgresQuery(unsafeSQL: "CREATE TEMP TABLE \(stagingTable) (\(columns)) ON COMMIT DROP"), logger: logger)
        let rows = try await copyRows(importer, currencies: currencies, connection: connection, logger: logger, progress: progress)
        let merge = Merge(connection: connection, logger: logger, deleteMissing: importer.options.deleteMissing, isNew: created)
        let (counts, renumbered) = try await merge.run()
        if created {
            try await finishNewCatalog(connection, logger: logger)
        } else if counts.new + counts.deleted > 0 {
            try await connection.query(
                "UPDATE meta SET value = (SELECT count(*) FROM hotels)::text WHERE key = 'hotel_count'", logger: logger)
        }
        return (Outcome(counts: counts, created: created, renumbered: renumbered), rows)
    }

    /// Creates the tables when the database holds no catalog (returns true); otherwise
    /// checks it is a complete catalog of this schema and locks it against other writers.
    private static func prepare(_ connection: PostgresConnection, location: PostgresLocation, logger: Logger) async throws -> Bool {
        let version = try await PostgresSchema.version(connection, logger: logger)
        if version == 0 {
            try await PostgresCatalogBuilder.createTables(on: connection, origin: .files, logger: logger)
            return true
        }
        guard version == PostgresSchema.currentVersion else {
            throw CatalogError.schemaMismatch(location.description, found: version, expected: PostgresSchema.currentVersion)
        }
        let complete = try await connection.query("SELECT value FROM meta WHERE key = 'complete'", logger: logger)
            .decode(String.self).first { _ in true }
        guard complete == "true" else {
            throw CatalogError.notACatalog(location.description, reason: "the seed did not finish (no complete mark in meta)")
        }
        try await connection.query("LOCK TABLE hotels IN SHARE ROW EXCLUSIVE MODE", logger: logger)
        return false
    }

    static func readCurrencies(_ connection: PostgresConnection, logger: Logger) async throws -> [String: CurrencyInfo] {
        var rates: [String: CurrencyInfo] = [:]
        let rows = try await connection.query("SELECT code, usd_rate, minor_units FROM currencies", logger: logger)
        for try await (code, rate, minorUnits) in rows.decode((String, Double, Int).self) {
            rates[code] = CurrencyInfo(code: code, usdRate: rate, minorUnits: minorUnits)
        }
        return rates
    }

    /// Reads and validates on a thread (the readers are synchronous and must not hold one
    /// of Swift's few cooperative threads) while this task sends what it reads.
    private static func copyRows(
        _ importer: InventoryImporter, currencies: [String: CurrencyInfo], connection: PostgresConnection, logger: Logger,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws -> Int {
        let chunks = CopyChunks()
        let reading = ReadingThread(importer: importer, currencies: currencies, chunks: chunks, progress: progress)
        do {
            try await connection.copyFrom(table: stagingTable, columns: stagingColumns.map(\.name), logger: logger) { copy in
                for await chunk in chunks.stream {
                    try await copy.write(chunk)
                    chunks.taken()
                }
                // The reading thread's own error (a bad row) fails the COPY.
                _ = try await reading.result()
            }
        } catch {
            chunks.stop()
            // A bad row is the error to report, not the COPY it cut short.
            throw await reading.ownError() ?? error
        }
        return try await reading.result()
    }

    /// A new catalog in the one transaction (a dry run's): its indexes, built once over
    /// every row, then ``markComplete(_:logger:)``.
    private static func finishNewCatalog(_ connection: PostgresConnection, logger: Logger) async throws {
        for sql in PostgresSchema.migrations.flatMap(\.afterLoad) {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
        try await markComplete(connection, logger: logger)
    }

    /// `ANALYZE`, the schema versions and the marks a server checks before it serves the
    /// catalog, inside the caller's transaction.
    static func markComplete(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("ANALYZE hotels", logger: logger)
        for migration in PostgresSchema.migrations {
            try await PostgresSchema.record(migration.version, on: connection, logger: logger)
        }
        try await connection.query(
            """
            UPDATE meta SET value = CASE key
                WHEN 'hotel_count' THEN (SELECT count(*) FROM hotels)::text
                WHEN 'cities' THEN (SELECT count(DISTINCT city_key) FROM hotels)::text
                ELSE 'true' END
            WHERE key IN ('hotel_count', 'cities', 'complete')
            """, logger: logger)
    }
}
