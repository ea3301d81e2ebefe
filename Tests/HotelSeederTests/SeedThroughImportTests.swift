import Foundation
import GRDB
import HotelInventory
import HotelTestSupport
import Logging
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// `hotels seed` writes through `hotels import`'s path (issue 32 point 6): what only that
/// path writes is there, the seeder's own monograms survive it, and both catalogs get the
/// same rows.
@Suite("Seeding through the import")
struct SeedThroughImportTests {
    static let logger = Logger(label: "test.seed-through-import")

    /// `hotel_id`, `logo_initials`, `logo_seed` of every hotel, in rowid order.
    static func monograms(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT hotel_id || ' ' || logo_initials || ' ' || logo_seed FROM hotels ORDER BY id")
        }
    }

    @Test(
        "SQLite: the import's meta (generator, seed, counts, catalog_version), the seeder's monograms, and a file replaced or refused whole"
    )
    func sqlite() throws {
        let directory = try TempDirectory.make("seed-through-import")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seeded.sqlite").path
        try CatalogSeeder.seed(count: 300, seed: 5, to: path)

        let meta = try DatabaseQueue(path: path).read { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM meta").map { ($0[0] as String, $0[1] as String) })
        }
        let cities = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(DISTINCT city_key) FROM hotels")! }
        // `catalog_version` and the counted `cities` are written by the import's writer alone.
        #expect(meta["generator"] == "hotels seed" && meta["seed"] == "5" && meta["hotel_count"] == "300")
        #expect(meta["catalog_version"] == "1" && meta["cities"] == String(cities), "\(meta)")

        // Names in a non-Latin script keep the seeder's letters (from the English district and
        // kind), not the "H" an import of the same name would draw.
        let generator = HotelGenerator(seed: 5)
        let expected = (1...300).map { number -> String in
            let hotel = generator.hotel(number: number)
            return "\(hotel.hotelId) \(hotel.logoInitials) \(Int64(bitPattern: hotel.logoSeed))"
        }
        #expect(try Self.monograms(path) == expected)
        let chosen = (1...300).map { generator.hotel(number: $0) }.filter {
            !$0.name.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value < 0x250 } && $0.logoInitials != "H"
        }
        #expect(chosen.count > 10, "the seed has hotels named in a non-Latin script with letters of their own")

        // Refused: the file is left as it was. Replaced: the new catalog, whole.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refusing = InventoryImporter(source: SeedRows(count: 10, seed: 6), options: .init(ifCatalogExists: .refuse))
        #expect {
            _ = try refusing.importIntoSQLite(at: path)
        } throws: { error in
            (error as? CatalogError)?.kind == .database && "\(error)".contains("--force")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try CatalogSeeder.seed(count: 40, seed: 6, to: path)
        #expect(try Self.monograms(path).count == 40)
    }

    @Test("PostgreSQL: the same rows and monograms as SQLite; refused without replace, replaced whole with it")
    func postgres() async throws {
        let postgres = try await TestPostgres.shared()
        let url = try await postgres.makeDatabase("seed_through_import")
        try await PostgresSeeder.seed(count: 120, seed: 5, url: url, replace: false, logger: Self.logger)
        let directory = try TempDirectory.make("seed-through-import-pg")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seeded.sqlite").path
        try CatalogSeeder.seed(count: 120, seed: 5, to: path)

        let rows = "SELECT hotel_id || ' ' || logo_initials || ' ' || logo_seed FROM hotels ORDER BY id"
        #expect(try await postgres.psql("seed_through_import", rows).split(separator: "\n").map(String.init) == Self.monograms(path))
        let columns = ["hotel_id", "name", "address", "city", "country", "stars", "price", "currency", "coalesce(phone, '')", "amenities"]
        let pg = try await postgres.psql(
            "seed_through_import", "SELECT " + columns.map { "(\($0))::text" }.joined(separator: " || '|' || ") + " FROM hotels ORDER BY id"
        )
        let sqlite = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT " + columns.joined(separator: " || '|' || ") + " FROM hotels ORDER BY id")
        }
        #expect(pg.split(separator: "\n").map(String.init) == sqlite && sqlite.count == 120)
        let meta = try await postgres.psql("seed_through_import", "SELECT string_agg(key || '=' || value, ' ' ORDER BY key) FROM meta")
        #expect(meta.contains("generator=hotels seed") && meta.contains("seed=5") && meta.contains("hotel_count=120"), "\(meta)")

        await #expect {
            try await PostgresSeeder.seed(count: 30, seed: 6, url: url, replace: false, logger: Self.logger)
        } throws: { error in
            (error as? CatalogError)?.kind == .database && "\(error)".contains("--force")
        }
        #expect(try await postgres.psql("seed_through_import", "SELECT count(*) FROM hotels").hasPrefix("120"))
        try await PostgresSeeder.seed(count: 30, seed: 6, url: url, replace: true, logger: Self.logger)
        #expect(try await postgres.psql("seed_through_import", "SELECT count(*) FROM hotels").hasPrefix("30"))
        let catalog = try await PostgresCatalog.open(url: url, logger: Self.logger)
        #expect(try await catalog.hotelCount == 30)
    }
}
