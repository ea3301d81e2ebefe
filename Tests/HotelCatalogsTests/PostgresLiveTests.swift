import Foundation
import HotelSOAP
import HotelTestSupport
import Logging
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// Issue 32 point 4 on PostgreSQL, against a real server (`TestPostgres`): a change committed
/// through another connection (psql, as an import or an operator would) is answered from
/// within a second, the cached counts included, and `catalog_version` moves with it.
@Suite("a live PostgreSQL catalog", .serialized)
struct PostgresLiveTests {
    static let logger = Logger(label: "test.postgres.live")

    @Test("an UPDATE and a DELETE committed through psql: new price, counts and version within 1 s")
    func committedChangesAreServed() async throws {
        let postgres = try await TestPostgres.shared()
        let url = try await postgres.makeDatabase("live_changes")
        try await PostgresSeeder.seed(count: 300, seed: 5, url: url, replace: false, logger: Self.logger)
        let catalog = try await PostgresCatalog.open(url: url, logger: Self.logger)
        defer { catalog.shutdown() }

        // A filter, so the count is cached per filter set; sorted by name, which the change keeps.
        let query = HotelQuery(minStars: 1, sortBy: .name, limit: 50)
        let before = try await catalog.search(query)
        try #require(before.hotels.count >= 2)
        let (first, victim) = (before.hotels[0], before.hotels[1])
        #expect(try await catalog.search(query).totalCount == before.totalCount)  // now cached
        let version = try await catalog.version
        #expect(try await catalog.hotelCount == 300)

        // One transaction: a new price (the text and what --max-price compares) and a deletion.
        try await postgres.psql(
            "live_changes",
            """
            BEGIN;
            UPDATE hotels SET price = '98765.00', price_usd = 98765 WHERE hotel_id = '\(first.id)';
            DELETE FROM hotel_descriptions WHERE id = (SELECT id FROM hotels WHERE hotel_id = '\(victim.id)');
            DELETE FROM hotels WHERE hotel_id = '\(victim.id)';
            COMMIT;
            """)
        let committed = ContinuousClock.now

        let (took, after) = try await firstNewAnswer(since: committed) {
            try await catalog.search(query)
        } isNew: {
            $0.totalCount != before.totalCount
        }
        print("live PostgreSQL catalog: the change served to a search started \(took.map { "\($0)" } ?? "over 1 s") after its commit")
        #expect(took != nil, "a search started over 1 s after the commit was answered from before it")
        #expect(after.totalCount == before.totalCount - 1)
        #expect(!after.hotels.contains { $0.id == victim.id })
        #expect(after.hotels.first { $0.id == first.id }?.price.amount == 98765, "\(after.hotels.map(\.price))")
        #expect(try await catalog.hotelCount == 299)
        #expect(try await catalog.version > version)
        #expect(try await catalog.hotel(id: victim.id) == nil)
    }

    @Test("the seed's migration creates catalog_version with its triggers; a write outside them raises it too")
    func versionRowMoves() async throws {
        let postgres = try await TestPostgres.shared()
        let url = try await postgres.makeDatabase("live_version")
        try await PostgresSeeder.seed(count: 20, seed: 6, url: url, replace: false, logger: Self.logger)
        let start = try await postgres.psql("live_version", "SELECT version FROM catalog_version")
        try await postgres.psql("live_version", "UPDATE currencies SET usd_rate = usd_rate WHERE code = 'EUR'")
        let after = try await postgres.psql("live_version", "SELECT version FROM catalog_version")
        #expect(
            Int(after.trimmingCharacters(in: .whitespacesAndNewlines))! == Int(start.trimmingCharacters(in: .whitespacesAndNewlines))! + 1)
        // A read raises nothing.
        _ = try await postgres.psql("live_version", "SELECT count(*) FROM hotels")
        #expect(try await postgres.psql("live_version", "SELECT version FROM catalog_version") == after)
    }
}
