import Foundation
import HotelCatalogs
import HotelInventory

/// Writes a demo hotel catalog: real cities, local-script names and addresses, prices in
/// local currency, amenities, descriptions, logo specs. Deterministic: the same `count`
/// and `seed` give the same hotels, byte for byte.
///
/// ```swift
/// try CatalogSeeder.seed(count: 1_000_000, seed: 42, to: "hotels.sqlite") { done in
///     print("\(done) hotels")
/// }
/// ```
///
/// The hotels go through `hotels import`'s path (``SeedRows`` into
/// ``HotelInventory/InventoryImporter``), into a new file written beside `path` and renamed
/// over it when complete: a reader never sees half a catalog, and one already there is
/// replaced.
public enum CatalogSeeder {
    /// The seed of `hotels demo` and ``SQLiteCatalog/openOrBuildDemo(at:count:seed:baseURL:progress:)``.
    public static let demoSeed: UInt64 = 20_260_101
    /// Hotel ids have 7 digits.
    public static let maxCount = 9_999_999
    /// How often `progress` is called, in hotels.
    public static let progressInterval = InventoryImporter.progressInterval

    /// The cities hotels are placed in.
    public static var cityNames: [String] { SeedData.cities.map(\.name) }

    /// - Parameters:
    ///   - progress: called with the number of hotels written so far, every
    ///     ``progressInterval`` hotels and once at the end (before indexing), from another
    ///     thread than the caller's.
    /// - Throws: ``CatalogError`` (`invalidQuery` with field `count` for a count out of
    ///   range, `database` when SQLite or the file system fails).
    public static func seed(count: Int, seed: UInt64, to path: String, progress: @escaping (Int) -> Void = { _ in }) throws {
        try checkCount(count)
        let importer = InventoryImporter(source: SeedRows(count: count, seed: seed), options: .init(ifCatalogExists: .replace))
        _ = try importer.importIntoSQLite(at: path, progress: progress)
    }

    static func checkCount(_ count: Int) throws {
        guard (0...maxCount).contains(count) else {
            throw CatalogError.invalidQuery(field: "count", message: "count must be between 0 and \(maxCount), not \(count)")
        }
    }
}
