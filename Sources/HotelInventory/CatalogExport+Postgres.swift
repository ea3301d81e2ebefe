import HotelCatalogs
import Logging
import PostgresNIO

extension CatalogExport {
    /// Every hotel of the PostgreSQL catalog at `url` in HotelId order, as
    /// ``forEachHotel(inCatalogAt:logos:_:)`` gives an SQLite catalog's: the rows stream
    /// from one query (PostgresNIO asks for more as they are used), so memory does not grow
    /// with the catalog.
    ///
    /// ```swift
    /// try await CatalogExport.forEachHotel(inPostgresAt: url, logos: false, logger: logger) { row in print(row.hotel.id) }
    /// ```
    ///
    /// - Throws: ``HotelCatalogs/CatalogError`` (`invalidLocation`, `notACatalog`,
    ///   `schemaMismatch`, `database`), or what `body` throws.
    public static func forEachHotel(
        inPostgresAt url: String, logos: Bool, logger: Logger, _ body: (Row) throws -> Void
    ) async throws {
        let location = try PostgresLocation(url: url)
        do {
            try await location.withConnection(logger: logger) { connection in
                let version = try await PostgresSchema.version(connection, logger: logger)
                guard version != 0 else {
                    throw CatalogError.notACatalog(location.description, reason: "it has no schema_version table")
                }
                guard version == PostgresSchema.currentVersion else {
                    throw CatalogError.schemaMismatch(location.description, found: version, expected: PostgresSchema.currentVersion)
                }
                let sql = """
                    SELECT \(PostgresCatalog.hotelColumns), d.description, \(logos ? "l.png" : "NULL::bytea")
                    FROM hotels h LEFT JOIN hotel_descriptions d ON d.id = h.id LEFT JOIN hotel_logos l ON l.id = h.id
                    ORDER BY h.id
                    """
                let count = PostgresCatalog.hotelColumnCount
                for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
                    let cells = row.makeRandomAccess()
                    let png = try cells[count + 1].decode(ByteBuffer?.self)
                    try body(
                        Row(
                            hotel: try PostgresCatalog.hotelInfo(cells), description: try cells[count].decode(String?.self) ?? "",
                            logo: png.map { Array($0.readableBytesView) }))
                }
            }
        } catch let error as CatalogError {
            throw error
        } catch let error as PSQLError {
            throw PostgresCatalog.catalogError(error, location: location)
        }
    }
}
