import Foundation
import GRDB
import HotelCatalogs
import HotelSeeder
import HotelTestSupport

@testable import HotelInventory

/// A small seeded catalog of one test's own (a copy it may change), the CSV header every
/// test file starts with, and ways to look at the file before and after.
enum InventoryFixture {
    static let header = "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,phone,amenities,description,logo"
    static let goodRow =
        "X1,Test Inn,\"1 Main St, Springfield\",Springfield,US,40.5,-73.25,3,129.5,USD,+1 555 0100,\"pool,wifi\",A quiet inn.,"

    /// A seeded catalog of `count` hotels (seed 5) in `scratch`.
    static func seeded(_ scratch: Scratch, count: Int = 300, name: String = "catalog.sqlite") throws -> String {
        let path = scratch.path(name)
        try CatalogSeeder.seed(count: count, seed: 5, to: path)
        return path
    }

    /// Imports `files` into `catalog` as `hotels import` does.
    @discardableResult
    static func importing(
        _ files: [String], into catalog: String, format: InventoryFormat? = nil, deleteMissing: Bool = false, dryRun: Bool = false
    ) throws -> InventoryImporter.Summary {
        let inputs = try files.map { try InventoryInput.open($0, format: format) }
        return try InventoryImporter(inputs: inputs, options: .init(deleteMissing: deleteMissing, dryRun: dryRun)).importIntoSQLite(
            at: catalog)
    }

    /// Every row of every table an import writes, in order: equal before and after means
    /// the catalog did not change.
    static func dump(_ path: String) throws -> [[DatabaseValue]] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        return try queue.read { db in
            var rows: [[DatabaseValue]] = []
            for table in ["meta", "currencies", "hotels", "hotel_descriptions", "hotel_amenities", "hotels_geo"] {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map { Array($0.databaseValues) }
            }
            if try db.tableExists("hotel_logos") {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM hotel_logos ORDER BY id").map { Array($0.databaseValues) }
            }
            return rows
        }
    }

    /// SQLite's and FTS5's own checks of the file, and the rowid-in-HotelId-order rule.
    static func checkIntegrity(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.write { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            do {
                try db.execute(sql: "INSERT INTO hotels_name_fts(hotels_name_fts, rank) VALUES ('integrity-check', 1)")
            } catch {
                problems.append("FTS: \(error)")
            }
            let ids = try String.fetchAll(db, sql: "SELECT hotel_id FROM hotels ORDER BY id")
            if ids != ids.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { problems.append("rowids not in HotelId order") }
            let geo = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels_geo") ?? -1
            let hotels = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") ?? -1
            if geo != hotels { problems.append("\(geo) R*Tree rows for \(hotels) hotels") }
            let meta = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'hotel_count'")
            if meta != String(hotels) { problems.append("meta hotel_count \(meta ?? "none") for \(hotels) hotels") }
            return problems
        }
    }

    /// The repository's test images.
    static func imagingFixture(_ name: String) -> String {
        Repository.root.appendingPathComponent("Tests/ImagingTests/Fixtures").appendingPathComponent(name).path
    }
}

extension InventoryFixture {
    /// A catalog's hotels as CSV, every field quoted: written here, not by `hotels export`
    /// (HotelCLITests checks that one), so the importer is checked against a second writer.
    static func csv(of catalog: String, logoColumn: [String: String]? = nil) throws -> String {
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var text = header.replacingOccurrences(of: ",logo", with: logoColumn == nil ? "" : ",logo") + "\n"
        try CatalogExport.forEachHotel(inCatalogAt: catalog, logos: false) { row in
            let h = row.hotel
            var fields = [h.id, h.name, h.address, h.city, h.country, "\(h.latitude)", "\(h.longitude)", "\(h.stars)"]
            fields += [h.price.amountText, h.price.currency, h.phone ?? "", h.amenities.joined(separator: ","), row.description]
            if let logoColumn { fields.append(logoColumn[h.id] ?? "") }
            text += fields.map(quoted).joined(separator: ",") + "\n"
        }
        return text
    }
}
