import HotelCatalogs

/// Where an import's validated rows go: one per kind of catalog.
///
/// - ``SQLiteInventoryWriter`` compares each row with the stored hotel and writes what
///   differs, then ``SQLiteInventoryWriter/finish(keeping:)`` deletes and counts.
/// - ``PostgresInventoryWriter`` streams the rows into a staging table by `COPY`;
///   ``PostgresImport`` then compares and merges them in SQL.
///
/// ```swift
/// for row in rows { try writer.write(row) }       // in input order, each HotelId once
/// ```
///
/// The importer (``InventoryImporter``) reads and validates the rows, refuses a HotelId
/// given twice and calls `progress`; a writer only stores. Its opener owns the transaction:
/// nothing written is seen before the import succeeds, and a thrown error leaves the
/// catalog as it was.
public protocol InventoryWriter: AnyObject {
    /// The currencies a price may be in, with their decimals: the catalog's own table, so
    /// `price_usd` is computed with the rates the catalog's searches use.
    var currencies: [String: CurrencyInfo] { get }

    /// Adds, updates or deletes one hotel.
    func write(_ row: InventoryRow) throws
}
