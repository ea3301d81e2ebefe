import Foundation
import HotelCatalogs
import Logging
import PostgresNIO

/// `hotels import` (and `hotels seed`) into a database with no catalog: in steps, not one transaction.
///
/// Why: into a new catalog the one-transaction import (COPY into a staging table, a merge,
/// then nine indexes one after another on one connection) took 85–88 s for 1,000,000 rows,
/// 30 s of it building indexes while the second core waited. Here the tables are created
/// and committed at once with `meta.complete` false, which no server serves
/// (`PostgresCatalog` waits for it); the rows are copied straight into `hotels`,
/// `hotel_descriptions` and `hotel_logos` on three connections at once; the indexes are
/// built on two (``PostgresCatalogBuilder/buildIndexes(_:logger:)``); then one
/// transaction records the schema and marks the catalog complete. All or nothing still
/// holds for anyone reading: a bad row, a failed COPY or a lost connection drops the
/// tables again, and a catalog that is not complete is never served.
///
/// Two writers creating a catalog at once would drop each other's tables: an import holds
/// ``PostgresCatalogBuilder/creatorLock`` (a session advisory lock, as `hotels seed`
/// does) from before it looks until it is done. A database found holding an incomplete catalog under that lock was
/// left by an interrupted import or seed, and is replaced.
///
/// `hotels seed` comes this way too, with ``InventoryImporter/IfCatalogExists`` `.refuse`
/// or `.replace` (`--force`): a complete catalog is then an error, or dropped in the same
/// transaction that creates the new tables (servers wait for the new one to be complete).
extension PostgresImport {
    /// Creates the catalog from `importer`'s rows when the database holds none (or an
    /// abandoned incomplete one, or the importer replaces it); nil when it holds a complete
    /// catalog to update, for the one-transaction import.
    static func createCatalog(
        _ importer: InventoryImporter, location: PostgresLocation, logger: Logger, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> (Outcome, rows: Int)? {
        try await location.withConnection(logger: logger) { connection -> (Outcome, rows: Int)? in
            // Held until this connection closes, whatever happens below.
            try await connection.query("SELECT pg_advisory_lock(\(PostgresCatalogBuilder.creatorLock))", logger: logger)
            let ifExists = importer.options.ifCatalogExists
            if try await holdsCompleteCatalog(connection, location: location, replacing: ifExists == .replace, logger: logger) {
                switch ifExists {
                case .update: return nil
                case .refuse: throw CatalogError.database("\(location) already holds a catalog; pass --force to replace it")
                case .replace: break
                }
            }
            // The schema's extensions this import adds, to take away again if it fails: a
            // refused import leaves a new database as it found it.
            let extensionsBefore = try await extensions(connection, logger: logger)
            try await connection.query("BEGIN", logger: logger)
            try await PostgresCatalogBuilder.dropCatalog(on: connection, logger: logger)
            try await PostgresCatalogBuilder.createTables(on: connection, origin: importer.origin, logger: logger)
            try await connection.query("COMMIT", logger: logger)
            do {
                let currencies = try await readCurrencies(connection, logger: logger)
                let (summary, rows) = try await copyNewRows(
                    importer, currencies: currencies, location: location, logger: logger, progress: progress)
                if summary.outOfOrder {
                    try await connection.query("BEGIN", logger: logger)
                    try await Merge(connection: connection, logger: logger, deleteMissing: false, isNew: true).renumber()
                    try await connection.query("COMMIT", logger: logger)
                }
                try await withClient(location, connections: 2, logger: logger) { client in
                    try await PostgresCatalogBuilder.buildIndexes(client, logger: logger)
                }
                try await connection.query("BEGIN", logger: logger)
                try await markComplete(connection, logger: logger)
                try await connection.query("COMMIT", logger: logger)
                return (Outcome(counts: summary.counts, created: true, renumbered: summary.outOfOrder), rows)
            } catch {
                // Nothing half-made stays behind; if even this fails, the next import under
                // the lock finds the catalog incomplete and replaces it.
                _ = try? await connection.query("ROLLBACK", logger: logger)
                _ = try? await connection.query("BEGIN", logger: logger)
                _ = try? await PostgresCatalogBuilder.dropCatalog(on: connection, logger: logger)
                for added in (try? await extensions(connection, logger: logger))?.subtracting(extensionsBefore) ?? [] {
                    _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP EXTENSION IF EXISTS \"\(added)\""), logger: logger)
                }
                _ = try? await connection.query("COMMIT", logger: logger)
                throw error
            }
        }
    }

    /// The extensions installed in the database (`plpgsql` at least).
    private static func extensions(_ connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        var names: Set<String> = []
        for try await name in try await connection.query("SELECT extname FROM pg_extension", logger: logger).decode(String.self) {
            names.insert(name)
        }
        return names
    }

    /// A schema recorded and the `complete` mark set: false for a new database, or tables a
    /// seed or import left before it finished. A schema of another version is an error,
    /// but an older one that is to be replaced anyway.
    private static func holdsCompleteCatalog(
        _ connection: PostgresConnection, location: PostgresLocation, replacing: Bool, logger: Logger
    ) async throws -> Bool {
        let version = try await PostgresSchema.version(connection, logger: logger)
        if version == 0 { return false }
        if replacing && version < PostgresSchema.currentVersion { return true }
        guard version == PostgresSchema.currentVersion else {
            throw CatalogError.schemaMismatch(location.description, found: version, expected: PostgresSchema.currentVersion)
        }
        let complete = try await connection.query("SELECT value FROM meta WHERE key = 'complete'", logger: logger)
            .decode(String.self).first { _ in true }
        return complete == "true"
    }

    /// The rows, read and checked on their own thread, as three COPYs at once.
    private static func copyNewRows(
        _ importer: InventoryImporter, currencies: [String: CurrencyInfo], location: PostgresLocation, logger: Logger,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws -> (PostgresNewCatalogWriter.Summary, rows: Int) {
        let streams = PostgresNewCatalogWriter.Streams()
        let reading = ReadingThread(
            importer: importer, makeWriter: { PostgresNewCatalogWriter(currencies: currencies, streams: streams) },
            finish: { try $0.finish() }, end: { streams.finish() }, progress: progress)
        do {
            try await withClient(location, connections: streams.all.count, logger: logger) { client in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (table, chunks) in zip(PostgresNewCatalogWriter.Streams.tables, streams.all) {
                        group.addTask {
                            try await client.withConnection { connection in
                                try await connection.copyFrom(table: table.name, columns: table.columns, logger: logger) { copy in
                                    for await chunk in chunks.stream {
                                        try await copy.write(chunk)
                                        chunks.taken()
                                    }
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            // A bad row ended the streams early: the COPYs finished, the error is the row's.
            return (try await reading.outcome(), try await reading.result())
        } catch {
            for chunks in streams.all { chunks.stop() }
            throw await reading.ownError() ?? error
        }
    }

    /// A pool of `connections` to `location` for `body`'s time.
    private static func withClient<T: Sendable>(
        _ location: PostgresLocation, connections: Int, logger: Logger, _ body: (PostgresClient) async throws -> T
    ) async throws -> T {
        var configuration = try location.clientConfiguration()
        configuration.options.maximumConnections = connections
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let running = Task { await client.run() }
        defer { running.cancel() }
        return try await body(client)
    }
}
