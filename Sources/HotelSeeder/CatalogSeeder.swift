import Foundation
import GRDB
import HotelCatalogs

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
/// The file appears atomically: the catalog is written beside it under a temporary name
/// and renamed when complete, so a reader never sees half a catalog.
public enum CatalogSeeder {
    /// The seed of `hotels demo` and ``SQLiteCatalog/openOrBuildDemo(at:count:seed:baseURL:progress:)``.
    public static let demoSeed: UInt64 = 20_260_101
    /// Hotel ids have 7 digits.
    public static let maxCount = 9_999_999
    /// How often `progress` is called, in hotels.
    public static let progressInterval = 10_000

    /// The cities hotels are placed in.
    public static var cityNames: [String] { SeedData.cities.map(\.name) }

    /// - Parameters:
    ///   - progress: called with the number of hotels written so far, every
    ///     ``progressInterval`` hotels and once at the end (before indexing).
    /// - Throws: ``CatalogError`` (`invalidQuery` with field `count` for a count out of
    ///   range, `database` when SQLite or the file system fails).
    public static func seed(count: Int, seed: UInt64, to path: String, progress: (Int) -> Void = { _ in }) throws {
        guard (0...maxCount).contains(count) else {
            throw CatalogError.invalidQuery(field: "count", message: "count must be between 0 and \(maxCount), not \(count)")
        }
        try writeNewCatalog(to: path) { db in
            try db.inTransaction {
                let meta = metaRows(
                    hotelCount: count, seed: String(seed), generator: "CatalogSeeder \(CatalogSchema.formatVersion)",
                    cities: SeedData.cities.count)
                try createTables(db, meta: meta)
                try insertHotels(db, count: count, seed: seed, progress: progress)
                return .commit
            }
            try createIndexes(db)
        }
    }

    private static func insertHotels(_ db: Database, count: Int, seed: UInt64, progress: (Int) -> Void) throws {
        let generator = HotelGenerator(seed: seed)
        let insertHotel = try db.makeStatement(
            sql: """
                INSERT INTO hotels (id, hotel_id, name, name_key, address, city, city_key, country, latitude, longitude,
                                    stars, price, currency, price_usd, phone, amenities, amenity_mask, logo_initials, logo_seed, logo_version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                """)
        let insertDescription = try db.makeStatement(sql: "INSERT INTO hotel_descriptions (id, description) VALUES (?, ?)")
        let insertAmenity = try db.makeStatement(sql: "INSERT INTO hotel_amenities (hotel_rowid, amenity) VALUES (?, ?)")
        guard count > 0 else {
            progress(0)
            return
        }
        // Hotels are generated in batches on every core, then inserted in order on this thread.
        let batchSize = 8_192
        var next = 1
        while next <= count {
            let range = next...min(count, next + batchSize - 1)
            next = range.upperBound + 1
            for h in generateBatch(range, generator: generator) {
                let number = h.number
                try insertHotel.execute(arguments: [
                    number, h.hotelId, h.name, h.nameKey, h.address, h.city, h.cityKey, h.country, h.latitude, h.longitude,
                    h.stars, h.price, h.currency, h.priceUSD, h.phone, h.amenities.joined(separator: ","), Amenity.mask(h.amenities),
                    h.logoInitials,
                    Int64(bitPattern: h.logoSeed),
                ])
                try insertDescription.execute(arguments: [number, h.description])
                for amenity in h.amenities {
                    try insertAmenity.execute(arguments: [number, amenity])
                }
                if number % progressInterval == 0 || number == count { progress(number) }
            }
        }
    }

    /// Hotels `range`, in order, generated on all cores (each hotel depends only on its number).
    static func generateBatch(_ range: ClosedRange<Int>, generator: HotelGenerator) -> [SeedHotel] {
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(1, range.count / 512))
        guard workers > 1 else { return range.map { generator.hotel(number: $0) } }
        final class Parts: @unchecked Sendable {
            let lock = NSLock()
            var parts: [[SeedHotel]]
            init(_ count: Int) { parts = Array(repeating: [], count: count) }
        }
        let parts = Parts(workers)
        let share = (range.count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let lower = range.lowerBound + worker * share
            let upper = min(range.upperBound, lower + share - 1)
            let part = lower <= upper ? (lower...upper).map { generator.hotel(number: $0) } : []
            parts.lock.withLock { parts.parts[worker] = part }
        }
        return parts.parts.flatMap { $0 }
    }
}
