import Foundation
import HotelCatalogs
import HotelInventory
import HotelSOAP

/// The seeder's hotels as an import's rows: `hotels seed` writes through the same
/// ``HotelInventory/InventoryImporter`` and writers as `hotels import`, so a seeded catalog
/// is one an import could have made.
///
/// ```swift
/// let importer = InventoryImporter(source: SeedRows(count: 1_000, seed: 42), options: .init(ifCatalogExists: .replace))
/// _ = try importer.importIntoSQLite(at: "demo.sqlite")
/// ```
///
/// Hotels are generated in batches on every core (each depends only on its number), then
/// handed over in order.
struct SeedRows: InventoryRowSource {
    let count: Int
    let seed: UInt64
    let generator: HotelGenerator

    init(count: Int, seed: UInt64) {
        self.count = count
        self.seed = seed
        generator = HotelGenerator(seed: seed)
    }

    var origin: CatalogOrigin { CatalogOrigin(seed: String(seed), generator: "hotels seed") }

    static let batchSize = 8_192

    func forEachRow(_ body: (InventoryRow) throws -> Void) throws {
        var next = 1
        while next <= count {
            let range = next...min(count, next + Self.batchSize - 1)
            next = range.upperBound + 1
            for row in Self.generateBatch(range, generator: generator) { try body(row) }
        }
    }

    /// Hotels `range`, in order, generated on all cores.
    static func generateBatch(_ range: ClosedRange<Int>, generator: HotelGenerator) -> [InventoryRow] {
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(1, range.count / 512))
        guard workers > 1 else { return range.map { .hotel(generator.hotel(number: $0).record) } }
        final class Parts: @unchecked Sendable {
            let lock = NSLock()
            var parts: [[InventoryRow]]
            init(_ count: Int) { parts = Array(repeating: [], count: count) }
        }
        let parts = Parts(workers)
        let share = (range.count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let lower = range.lowerBound + worker * share
            let upper = min(range.upperBound, lower + share - 1)
            let part = lower <= upper ? (lower...upper).map { InventoryRow.hotel(generator.hotel(number: $0).record) } : []
            parts.lock.withLock { parts.parts[worker] = part }
        }
        return parts.parts.flatMap { $0 }
    }
}

extension SeedHotel {
    /// The hotel as an import's row: every optional column given, the seeder's own monogram.
    var record: InventoryRecord {
        var hotel = HotelInfo(
            id: hotelId, name: name, address: address, city: city, country: country, latitude: latitude, longitude: longitude,
            stars: stars, price: Money(parsing: price, currency)!)
        hotel.phone = phone
        hotel.amenities = amenities
        return InventoryRecord(
            hotel: hotel, priceMinor: priceMinor, hasPhone: true, hasAmenities: true, description: description,
            logo: .chosenMonogram(initials: logoInitials, seed: Int64(bitPattern: logoSeed)), file: "hotels seed", line: number)
    }
}
