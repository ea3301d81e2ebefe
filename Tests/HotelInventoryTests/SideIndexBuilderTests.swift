import Foundation
import GRDB
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

/// The R*Tree and name search a new catalog gets from ``SideIndexBuilder`` (built in a
/// file beside it, their shadow tables copied in) against what SQLite builds in place.
@Suite("Name search and R*Tree built beside the catalog")
struct SideIndexBuilderTests {
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
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("-side") }
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

    @Test(
        "of any size, the tree passes rtreecheck and the name search FTS5's integrity-check, both find what a scan finds, and take later writes",
        arguments: [0, 1, 51, 52, 2_602])
    func packedSizes(_ count: Int) throws {
        let path = try TempDirectory.make("packed").appendingPathComponent("c.sqlite").path
        try CatalogSeeder.seed(count: count, seed: 7, to: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            #expect(try String.fetchOne(db, sql: "SELECT rtreecheck('hotels_geo')") == "ok")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels_geo") == count)
            try Self.expectSameAsScan(db, count: count)
            try Self.expectNameSearchWhole(db)
            try Self.expectNamesAsScan(db, count: count)
            // What a later import does to one hotel at a time, through each module.
            let gone = try Row.fetchAll(db, sql: "SELECT id, name_key FROM hotels WHERE id % 3 = 0")
            for row in gone {
                try db.execute(
                    sql: "INSERT INTO hotels_name_fts(hotels_name_fts, rowid, name_key) VALUES ('delete', ?, ?)",
                    arguments: [row[0] as Int64, row[1] as String])
            }
            try db.execute(sql: "DELETE FROM hotels WHERE id % 3 = 0")
            try Self.expectNameSearchWhole(db)
            try db.execute(sql: "DELETE FROM hotels_geo WHERE id % 3 = 0")
            for id in 1...200 {
                try db.execute(
                    sql: "INSERT INTO hotels_geo VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        10_000_000 + id, id * 400_000 - 40_000_000, id * 400_000 - 40_000_000, id * 900_000 - 90_000_000,
                        id * 900_000 - 90_000_000,
                    ])
            }
            #expect(try String.fetchOne(db, sql: "SELECT rtreecheck('hotels_geo')") == "ok")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels_geo") == count - count / 3 + 200)
        }
    }

    /// FTS5's own check, including that the index agrees with the `hotels` rows it names.
    static func expectNameSearchWhole(_ db: Database) throws {
        #expect(throws: Never.self) {
            try db.execute(sql: "INSERT INTO hotels_name_fts(hotels_name_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// Pieces of stored names: the name search's rowids are the scan's.
    static func expectNamesAsScan(_ db: Database, count: Int) throws {
        let names = try String.fetchAll(db, sql: "SELECT name_key FROM hotels WHERE id % 97 = 1 LIMIT 12")
        for name in names {
            let piece = String(name.unicodeScalars.prefix(4))
            guard piece.unicodeScalars.count >= 3, !piece.contains("\"") else { continue }
            let search = try Int64.fetchAll(
                db, sql: "SELECT rowid FROM hotels_name_fts WHERE hotels_name_fts MATCH ? ORDER BY rowid", arguments: ["\"\(piece)\""])
            let scan = try Int64.fetchAll(db, sql: "SELECT id FROM hotels WHERE instr(name_key, ?) > 0 ORDER BY id", arguments: [piece])
            #expect(search == scan, "\(piece)")
            #expect(!search.isEmpty)
        }
        if count > 0 { #expect(!names.isEmpty) }
    }

    /// Boxes around a spread of places: the tree's answer is the scan's.
    static func expectSameAsScan(_ db: Database, count: Int) throws {
        var found = 0
        for step in 0..<24 {
            let lat = -60.0 + Double(step) * 5.0
            let lon = -170.0 + Double(step) * 14.0
            let box = [Int((lat - 20) * 1e6), Int((lat + 20) * 1e6), Int((lon - 40) * 1e6), Int((lon + 40) * 1e6)]
            let tree = try Int64.fetchAll(
                db, sql: "SELECT id FROM hotels_geo WHERE min_lat >= ? AND max_lat <= ? AND min_lon >= ? AND max_lon <= ? ORDER BY id",
                arguments: StatementArguments(box))
            let scan = try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM hotels WHERE round(latitude * 1e6) BETWEEN ?1 AND ?2 AND round(longitude * 1e6) BETWEEN ?3 AND ?4
                    ORDER BY id
                    """, arguments: StatementArguments(box))
            #expect(tree == scan, "box \(box)")
            found += tree.count
        }
        if count > 1_000 { #expect(found > 100) }
    }
}
