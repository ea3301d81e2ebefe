import Foundation
import HotelCatalogs

extension SQLiteCatalog {
    /// Opens the demo catalog in `cacheDirectory`, building it first if it is missing or
    /// not a valid catalog of this format with these parameters. The build writes a
    /// temporary file and renames it, so a crash never leaves half a catalog behind.
    ///
    /// ```swift
    /// let cache = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/hotels")
    /// let catalog = try SQLiteCatalog.openOrBuildDemo(at: cache, baseURL: "http://127.0.0.1:8080")
    /// ```
    public static func openOrBuildDemo(
        at cacheDirectory: URL, count: Int = 10_000, seed: UInt64 = CatalogSeeder.demoSeed,
        baseURL: String, progress: @escaping (Int) -> Void = { _ in }
    ) throws -> SQLiteCatalog {
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        } catch {
            throw CatalogError.database("cannot create \(cacheDirectory.path): \(error.localizedDescription)")
        }
        let file = cacheDirectory.appendingPathComponent(demoFileName(count: count, seed: seed)).path
        if let catalog = try? SQLiteCatalog(path: file, baseURL: baseURL),
            catalog.metadata["hotel_count"] == String(count), catalog.metadata["seed"] == String(seed)
        {
            return catalog
        }
        try CatalogSeeder.seed(count: count, seed: seed, to: file, progress: progress)
        return try SQLiteCatalog(path: file, baseURL: baseURL)
    }

    /// `demo-v1-10000-20260101.sqlite`
    public static func demoFileName(count: Int, seed: UInt64) -> String {
        "demo-v\(CatalogSchema.formatVersion)-\(count)-\(seed).sqlite"
    }
}
