import Foundation
import HotelCatalogs
import HotelInventory
import Logging
import PostgresNIO

/// Writes the demo catalog into PostgreSQL: the same hotels as ``CatalogSeeder`` for the
/// same `count` and `seed`, through `hotels import`'s path into a new catalog
/// (``SeedRows`` into ``HotelInventory/InventoryImporter``).
///
/// ```swift
/// try await PostgresSeeder.seed(
///     count: 1_000_000, seed: 42, url: "postgres://hotels@127.0.0.1:5432/hotels", replace: true, logger: logger)
/// ```
///
/// The import creates the tables of every migration of ``PostgresSchema`` and commits them
/// with `meta.complete` false, copies the rows on three connections, builds the indexes on
/// two, then records the schema and marks the catalog complete: a server serves it only
/// then, so an interrupted seed is never read as a short catalog. Whoever creates a
/// catalog holds one advisory lock, so a seed and an import never build one at once.
public enum PostgresSeeder {
    /// Seeds the database at `url`. Throws ``CatalogError``: `schemaMismatch` for a
    /// database newer than this program, `database` (naming `--force`) when it already
    /// holds a catalog and `replace` is false, `invalidQuery` for a count out of range.
    public static func seed(
        count: Int, seed: UInt64, url: String, replace: Bool, logger: Logger, progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws {
        try CatalogSeeder.checkCount(count)
        let importer = InventoryImporter(
            source: SeedRows(count: count, seed: seed), options: .init(ifCatalogExists: replace ? .replace : .refuse))
        _ = try await importer.importIntoPostgres(url: url, logger: logger, progress: progress)
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
}
