import Foundation
import GRDB
import HotelCatalogs
import HotelSOAP
import HotelTestSupport
import Imaging
import Testing

@testable import HotelInventory

/// What an import leaves in an SQLite catalog: the rows and everything derived from them,
/// as the seeder would have written them, and only what changed.
@Suite("Import into SQLite")
struct SQLiteInventoryWriterTests {
    static let baseURL = "http://127.0.0.1:8080"

    /// A few searches that use every derived column and structure: city and name keys,
    /// FTS, R*Tree, price_usd, amenity_mask, stars.
    static func queries(near hotel: HotelInfo) -> [HotelQuery] {
        let queries: [HotelQuery] = [
            HotelQuery(city: hotel.city.uppercased(), sortBy: .price, limit: 500),
            HotelQuery(name: String(hotel.name.prefix(4)), limit: 500),
            HotelQuery(near: GeoCircle(latitude: hotel.latitude, longitude: hotel.longitude, radiusKm: 5), sortBy: .distance, limit: 500),
            HotelQuery(minStars: 4, sortBy: .name, limit: 500),
            HotelQuery(offset: 100, limit: 500),
            HotelQuery(maxPrice: 150, currency: "EUR", amenities: ["pool", "wifi"], sortBy: .price, limit: 500),
        ]
        return queries
    }

    @Test("a catalog imported from a seeded one's hotels holds the same rows and derived columns, and answers every search alike")
    func sameAsSeeded() async throws {
        let scratch = try Scratch()
        let seeded = try InventoryFixture.seeded(scratch)
        let file = try scratch.write("all.csv", try InventoryFixture.csv(of: seeded))
        let imported = scratch.path("imported.sqlite")
        let summary = try InventoryFixture.importing([file], into: imported)
        #expect(summary.counts == ImportCounts(new: 300))
        #expect(summary.created && !summary.renumbered && summary.rows == 300)
        #expect(try InventoryFixture.checkIntegrity(imported) == [])

        let a = try CatalogFixture.readAll(seeded)
        let b = try CatalogFixture.readAll(imported)
        #expect(a.map(\.hotel) == b.map(\.hotel))
        #expect(a.map(\.priceUSD) == b.map(\.priceUSD))
        #expect(a.map(\.nameKey) == b.map(\.nameKey) && a.map(\.cityKey) == b.map(\.cityKey))
        func amenities(_ path: String) throws -> [[DatabaseValue]] {
            try DatabaseQueue(path: path).read { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT hotel_rowid, amenity, (SELECT amenity_mask FROM hotels WHERE id = hotel_rowid) FROM hotel_amenities ORDER BY 1, 2"
                )
                .map { Array($0.databaseValues) }
            }
        }
        #expect(try amenities(seeded) == amenities(imported))

        let one = try SQLiteCatalog(path: seeded, baseURL: Self.baseURL)
        let other = try SQLiteCatalog(path: imported, baseURL: Self.baseURL)
        for query in Self.queries(near: a[17].hotel) {
            let (x, y) = (try await one.search(query), try await other.search(query))
            #expect(x.totalCount == y.totalCount && x.totalCount > 0, "\(query)")
            #expect(x.hotels == y.hotels, "\(query)")
        }
        #expect(try await other.hotel(id: a[3].hotel.id)?.description == one.hotel(id: a[3].hotel.id)?.description)
    }

    @Test("importing the same hotels again writes nothing; two changed prices change two rows, their price_usd, and nothing else")
    func onlyChanges() async throws {
        let scratch = try Scratch()
        let catalog = try InventoryFixture.seeded(scratch)
        let text = try InventoryFixture.csv(of: catalog)
        let same = try scratch.write("same.csv", text)
        let before = try InventoryFixture.dump(catalog)
        #expect(try InventoryFixture.importing([same], into: catalog).counts == ImportCounts(unchanged: 300))
        #expect(try InventoryFixture.dump(catalog) == before)

        let rows = try CatalogFixture.readAll(catalog)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in [5, 200] {
            let price = rows[index - 1].hotel.price
            lines[index] = lines[index].replacingOccurrences(of: ",\"\(price.amountText)\",", with: ",\"1\(price.amountText)\",")
        }
        let changed = try scratch.write("changed.csv", lines.joined(separator: "\n"))
        #expect(try InventoryFixture.importing([changed], into: catalog).counts == ImportCounts(changed: 2, unchanged: 298))
        let after = try CatalogFixture.readAll(catalog)
        let differ = zip(rows, after).filter { $0.hotel != $1.hotel || $0.priceUSD != $1.priceUSD }
        #expect(differ.map(\.0.hotel.id) == [rows[4].hotel.id, rows[199].hotel.id])
        for (old, new) in differ {
            #expect(new.hotel.price.amountText == "1" + old.hotel.price.amountText)
            #expect(new.priceUSD > old.priceUSD)
        }
        #expect(try InventoryFixture.checkIntegrity(catalog) == [])
    }

    @Test("a dry run counts what the import would do and writes nothing, into an existing catalog or a new one")
    func dryRun() throws {
        let scratch = try Scratch()
        let catalog = try InventoryFixture.seeded(scratch)
        let file = try scratch.write(
            "some.csv",
            InventoryFixture.header + ",deleted\n" + InventoryFixture.goodRow + ",\nH0000001,,,,,,,,,,,,,,true\nH0000404,,,,,,,,,,,,,,1\n")
        let before = try InventoryFixture.dump(catalog)
        let dry = try InventoryFixture.importing([file], into: catalog, deleteMissing: true, dryRun: true)
        #expect(dry.counts == ImportCounts(new: 1, unchanged: 1, deleted: 300))
        #expect(try InventoryFixture.dump(catalog) == before)
        let real = try InventoryFixture.importing([file], into: catalog, deleteMissing: true)
        #expect(real.counts == dry.counts)
        #expect(try InventoryFixture.checkIntegrity(catalog) == [])
        #expect(try CatalogFixture.readAll(catalog).map(\.hotel.id) == ["X1"])

        let fresh = scratch.path("fresh.sqlite")
        #expect(try InventoryFixture.importing([file], into: fresh, dryRun: true).counts == ImportCounts(new: 1, unchanged: 2))
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test("new HotelIds below the stored ones: rows renumbered into HotelId order, FTS and R*Tree rebuilt, searches find them")
    func renumbered() async throws {
        let scratch = try Scratch()
        let catalog = try InventoryFixture.seeded(scratch)
        let rows = try CatalogFixture.readAll(catalog)
        let near = rows[10].hotel
        let file = try scratch.write(
            "new.csv",
            InventoryFixture.header + "\n"
                + "Z9,Zebra Lodge,1 Road,Nowhere,US,10.5,20.5,2,50,USD,,,,\n"
                + "A0001,Aardvark Palace,\"2 Road\",\(near.city),\(near.country),\(near.latitude),\(near.longitude),5,99,USD,,spa,,\n")
        let summary = try InventoryFixture.importing([file], into: catalog)
        #expect(summary.counts == ImportCounts(new: 2, unchanged: 0))
        #expect(summary.renumbered)
        #expect(try InventoryFixture.checkIntegrity(catalog) == [])
        let catalogNow = try SQLiteCatalog(path: catalog, baseURL: Self.baseURL)
        #expect(try await catalogNow.search(HotelQuery(name: "ardvark")).hotels.map(\.id) == ["A0001"])
        let nearby = try await catalogNow.search(
            HotelQuery(near: GeoCircle(latitude: near.latitude, longitude: near.longitude, radiusKm: 0.01), sortBy: .distance))
        #expect(nearby.hotels.map(\.id).contains("A0001"))
        #expect(try await catalogNow.search(HotelQuery(limit: 1)).hotels.first?.id != nil)
        let all = try await catalogNow.search(HotelQuery(sortBy: .name, limit: 500))
        #expect(all.totalCount == 302)
        // A hotel that was there before is found by name as before.
        #expect(try await catalogNow.search(HotelQuery(name: rows[42].hotel.name)).hotels.map(\.id).contains(rows[42].hotel.id))
    }

    @Test("a file without the optional columns keeps the stored phone, amenities and description; an empty one clears them")
    func optionalColumns() async throws {
        let scratch = try Scratch()
        let catalog = try InventoryFixture.seeded(scratch)
        let stored = try CatalogFixture.readAll(catalog)[0].hotel
        let catalogNow = { try SQLiteCatalog(path: catalog, baseURL: Self.baseURL) }
        let described = try #require(try await catalogNow().hotel(id: stored.id))
        let required = "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency\n"
        let base =
            "\(stored.id),Renamed Hotel,x,\(stored.city),\(stored.country),\(stored.latitude),\(stored.longitude),\(stored.stars),\(stored.price.amountText),\(stored.price.currency)"
        try InventoryFixture.importing([try scratch.write("a.csv", required + base + "\n")], into: catalog)
        let kept = try #require(try await catalogNow().hotel(id: stored.id))
        #expect(kept.hotel.name == "Renamed Hotel" && kept.hotel.phone == stored.phone && kept.hotel.amenities == stored.amenities)
        #expect(kept.description == described.description)
        #expect(try await catalogNow().search(HotelQuery(name: "Renamed")).hotels.map(\.id) == [stored.id])

        let cleared = required.dropLast() + ",phone,amenities,description\n" + base + ",,,\n"
        #expect(try InventoryFixture.importing([try scratch.write("b.csv", String(cleared))], into: catalog).counts.changed == 1)
        let now = try #require(try await catalogNow().hotel(id: stored.id))
        #expect(now.hotel.phone == nil && now.hotel.amenities.isEmpty && now.description.isEmpty)
        #expect(try InventoryFixture.checkIntegrity(catalog) == [])
    }

    @Test("logos: stored fitted into 256 px (PNG or JPEG); a new version on each change; an empty logo is the monogram again")
    func logos() async throws {
        let scratch = try Scratch()
        let catalog = try InventoryFixture.seeded(scratch, count: 20)
        try scratch.write(
            "big.png", bytes: try PNGEncoder.encode(RGBAImage(width: 600, height: 300, fill: RGBAColor(red: 200, green: 10, blue: 10))))
        try FileManager.default.copyItem(atPath: InventoryFixture.imagingFixture("baseline.jpg"), toPath: scratch.path("small.jpg"))
        let logoOf = { (id: String) async throws -> LogoSpec? in try await SQLiteCatalog(path: catalog, baseURL: Self.baseURL).logo(id: id)
        }
        let monogram = try #require(try await logoOf("H0000001"))
        #expect(monogram.image == nil && monogram.version == 1)

        let text = try InventoryFixture.csv(of: catalog, logoColumn: ["H0000001": "big.png", "H0000002": "small.jpg"])
        #expect(
            try InventoryFixture.importing([try scratch.write("logos.csv", text)], into: catalog).counts
                == ImportCounts(changed: 2, unchanged: 18))
        let big = try #require(try await logoOf("H0000001"))
        let image = try ImageDecoder.decode(try #require(big.image))
        #expect((image.width, image.height) == (256, 128) && big.version == 2 && big.initials == monogram.initials)
        let small = try ImageDecoder.decode(try #require(try await logoOf("H0000002")?.image))
        #expect((small.width, small.height) == (32, 24))

        // The same files again: nothing changes; without the column: nothing changes either.
        #expect(try InventoryFixture.importing([scratch.path("logos.csv")], into: catalog).counts == ImportCounts(unchanged: 20))
        let plain = try scratch.write("plain.csv", try InventoryFixture.csv(of: catalog))
        #expect(try InventoryFixture.importing([plain], into: catalog).counts == ImportCounts(unchanged: 20))
        #expect(try await logoOf("H0000001")?.image == big.image)

        let back = try InventoryFixture.csv(of: catalog, logoColumn: ["H0000002": "small.jpg"])
        #expect(
            try InventoryFixture.importing([try scratch.write("back.csv", back)], into: catalog).counts
                == ImportCounts(changed: 1, unchanged: 19))
        let again = try #require(try await logoOf("H0000001"))
        #expect(again.image == nil && again.version == 3)
        #expect(try InventoryFixture.checkIntegrity(catalog) == [])
    }
}
