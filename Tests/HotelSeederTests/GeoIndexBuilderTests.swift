import Foundation
import GRDB
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// The R*Tree a new catalog gets from ``GeoIndexBuilder`` (built in a file beside it, its
/// shadow tables copied in) against what the SQL fill in place makes.
@Suite("R*Tree built beside the catalog")
struct GeoIndexBuilderTests {
    let fixture = CatalogFixture.shared

    @Test("the copied tree passes rtreecheck, holds every hotel's point as the SQL fill computes it, and no side file is left")
    func copiedTree() throws {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: fixture.path, configuration: config)
        try queue.read { db in
            #expect(try String.fetchOne(db, sql: "SELECT rtreecheck('hotels_geo')") == "ok")
            let wrong = try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM hotels h LEFT JOIN hotels_geo g ON g.id = h.id
                    WHERE g.id IS NULL OR g.min_lat != round(h.latitude * 1e6) OR g.max_lat != g.min_lat
                        OR g.min_lon != round(h.longitude * 1e6) OR g.max_lon != g.min_lon
                    """)
            #expect(wrong == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels_geo") == fixture.hotels.count)
        }
        let directory = (fixture.path as NSString).deletingLastPathComponent
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("-geo") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a search near a point finds the same hotels in the copied tree as in one filled in place")
    func sameAnswers() throws {
        let copy = try DatabaseQueue()
        try DatabaseQueue(path: fixture.path).backup(to: copy)
        try copy.write { db in
            try db.execute(sql: "DROP TABLE hotels_geo; \(CatalogSchema.geoTable); \(CatalogSchema.geoRows) ORDER BY id")
        }
        let query = "SELECT id FROM hotels_geo WHERE min_lat >= ? AND max_lat <= ? AND min_lon >= ? AND max_lon <= ? ORDER BY id"
        let original = try DatabaseQueue(path: fixture.path)
        var compared = 0
        for hotel in fixture.hotels.prefix(40) {
            let box: [Int] = [
                Int((hotel.latitude - 0.2) * 1e6), Int((hotel.latitude + 0.2) * 1e6),
                Int((hotel.longitude - 0.3) * 1e6), Int((hotel.longitude + 0.3) * 1e6),
            ]
            let built = try original.read { try Int64.fetchAll($0, sql: query, arguments: StatementArguments(box)) }
            let filled = try copy.read { try Int64.fetchAll($0, sql: query, arguments: StatementArguments(box)) }
            #expect(built == filled)
            compared += built.count
        }
        #expect(compared > 40)
    }
}
