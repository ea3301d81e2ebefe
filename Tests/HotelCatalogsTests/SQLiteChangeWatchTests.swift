import Foundation
import GRDB
import HotelSOAP
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// The SQLite catalog under a writer of another connection, as `hotels import` writes: the
/// file is WAL, a commit is seen by the next search (after the watch's interval), and the
/// rows, the counts and the hotel count cached before it are not answered after it.
@Suite("SQLiteChangeWatch")
struct SQLiteChangeWatchTests {
    @Test("a seeded catalog is WAL; an UPDATE and a DELETE committed elsewhere are searched at once, caches and all")
    func commitsAreSeen() async throws {
        let directory = try TempDirectory.make("watch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("live.sqlite").path
        try CatalogSeeder.seed(count: 300, seed: 8, to: path)
        let writer = try DatabaseQueue(path: path)
        #expect(try await writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")

        let catalog = try SQLiteCatalog(path: path, baseURL: CatalogFixture.baseURL)
        let query = HotelQuery(minStars: 1, sortBy: .name, limit: 50)
        let before = try await catalog.search(query)
        _ = try await catalog.search(query)  // rows and the count now cached
        let (first, victim) = (before.hotels[0], before.hotels[1])
        let version = try await catalog.version

        // A reader holds a snapshot open meanwhile: in WAL the writer does not wait for it.
        try await catalog.database { db in
            try db.inTransaction(.deferred) {
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels")
                try writer.write { w in
                    try w.execute(sql: "UPDATE hotels SET price = '4321.00', price_usd = 4321 WHERE hotel_id = ?", arguments: [first.id])
                    try w.execute(sql: "DELETE FROM hotels WHERE hotel_id = ?", arguments: [victim.id])
                    try w.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('catalog_version', '9')")
                }
                return .commit
            }
        }
        let committed = ContinuousClock.now
        let (took, after) = try await firstNewAnswer(since: committed) {
            try await catalog.search(query)
        } isNew: {
            $0.totalCount != before.totalCount
        }
        #expect(took != nil, "a search started over 1 s after the commit was answered from before it")
        #expect(after.totalCount == before.totalCount - 1)
        #expect(after.hotels.first { $0.id == first.id }?.price.amount == 4321)
        #expect(!after.hotels.contains { $0.id == victim.id })
        #expect(try await catalog.hotelCount == 299)
        #expect(version == 1, "a new catalog, seeded through the import, is at version 1")
        #expect(try await catalog.version == 9)
    }
}
