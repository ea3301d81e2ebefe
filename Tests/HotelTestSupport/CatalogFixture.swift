import Foundation
import GRDB
import HotelCatalogs
import HotelSOAP
import HotelSeeder

/// A 2,000-hotel catalog seeded once per test process in a temporary directory, plus every
/// hotel read straight from the file (not through the search code) for brute-force checks.
package final class CatalogFixture: Sendable {
    package static let shared: CatalogFixture = {
        do { return try CatalogFixture(count: 2_000, seed: 1234) } catch { fatalError("cannot seed the test catalog: \(error)") }
    }()

    package static let baseURL = "http://127.0.0.1:8080"

    package struct Row: Sendable {
        package var hotel: HotelInfo
        package var priceUSD: Double
        package var nameKey: String
        package var cityKey: String
    }

    package let directory: URL
    package let path: String
    package let catalog: SQLiteCatalog
    /// The same file, always probing (see `SearchPlan.driveLimit`), keeping only 7 hotels
    /// read: a page mixes cached hotels with read ones, and each read evicts others.
    package let probingCatalog: SQLiteCatalog
    package let rows: [Row]

    package init(count: Int, seed: UInt64) throws {
        directory = try TempDirectory.make("catalog")
        path = directory.appendingPathComponent("test.sqlite").path
        try CatalogSeeder.seed(count: count, seed: seed, to: path)
        catalog = try SQLiteCatalog(path: path, baseURL: Self.baseURL)
        probingCatalog = try SQLiteCatalog(
            path: path, baseURL: Self.baseURL, countCacheCapacity: 0, maximumReaderCount: 4, driveLimit: 0, rowCacheCapacity: 7)
        rows = try Self.readAll(path)
    }

    package static func readAll(_ path: String) throws -> [Row] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        return try queue.read { db in
            try GRDB.Row.fetchAll(
                db, sql: "SELECT \(SQLiteCatalog.hotelColumns), h.price_usd, h.name_key, h.city_key FROM hotels h ORDER BY h.id"
            )
            .map { row in
                Row(hotel: try SQLiteCatalog.hotelInfo(row, baseURL: baseURL), priceUSD: row[13], nameKey: row[14], cityKey: row[15])
            }
        }
    }

    package var hotels: [HotelInfo] { rows.map(\.hotel) }
}

package enum TempDirectory {
    package static func make(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("HotelSearchTests-\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension HotelCatalog {
    /// Every result of a query, read in pages of `pageSize`.
    package func all(_ query: HotelQuery, pageSize: Int = 500) async throws -> (total: Int, hotels: [HotelInfo]) {
        var query = query
        query.limit = pageSize
        var hotels: [HotelInfo] = []
        var total = 0
        var offset = 0
        repeat {
            query.offset = offset
            let page = try await search(query)
            total = page.totalCount
            hotels += page.hotels
            offset += pageSize
            if page.hotels.isEmpty { break }
        } while offset < total
        return (total, hotels)
    }
}
