import Foundation
import GRDB
import HotelCatalogs
import HotelSOAP

/// Every hotel of an SQLite catalog in HotelId order, as `hotels export` writes them: the
/// hotel as search shows it, its description, and its own logo when it has one. Read with
/// one cursor, a row at a time: memory does not grow with the catalog.
///
/// ```swift
/// try CatalogExport.forEachHotel(inCatalogAt: "world.sqlite", logos: false) { row in
///     print(row.hotel.id, row.description.count)
/// }
/// ```
public enum CatalogExport {
    /// One hotel as exported.
    public struct Row: Sendable {
        /// `logoURL` is the catalog's relative `/logos/{HotelId}.png`, which export does not write.
        public var hotel: HotelInfo
        public var description: String
        /// The stored PNG of a hotel's own logo; nil for a monogram (or when not asked for).
        public var logo: [UInt8]?
    }

    /// Calls `body` with each hotel, in rowid order, which the catalog keeps in HotelId order.
    /// `logos`: also read each hotel's own logo.
    ///
    /// - Throws: ``HotelCatalogs/CatalogError`` (`notFound`, `notACatalog`, `database`), or
    ///   what `body` throws.
    public static func forEachHotel(inCatalogAt path: String, logos: Bool, _ body: (Row) throws -> Void) throws {
        let file = try SQLiteCatalogFile.open(path: path, readOnly: true)
        defer { try? file.queue.close() }
        let logoColumn = logos && file.hasLogoTable ? "l.png" : "NULL"
        let logoJoin = logos && file.hasLogoTable ? "LEFT JOIN hotel_logos l ON l.id = h.id" : ""
        let sql = """
            SELECT \(SQLiteCatalog.hotelColumns), d.description, \(logoColumn)
            FROM hotels h LEFT JOIN hotel_descriptions d ON d.id = h.id \(logoJoin)
            ORDER BY h.id
            """
        do {
            try file.queue.read { db in
                let rows = try GRDB.Row.fetchCursor(db, sql: sql)
                let descriptionIndex = SQLiteCatalog.hotelColumnCount
                while let row = try rows.next() {
                    let png: Data? = row[descriptionIndex + 1]
                    try body(
                        Row(
                            hotel: try SQLiteCatalog.hotelInfo(row, baseURL: ""), description: row[descriptionIndex] ?? "",
                            logo: png.map { [UInt8]($0) }))
                }
            }
        } catch let error as DatabaseError {
            throw CatalogError.database(String(describing: error))
        }
    }
}
