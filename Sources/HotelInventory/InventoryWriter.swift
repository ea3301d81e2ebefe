import HotelCatalogs

/// Where an import's validated rows go: one per kind of catalog. ``SQLiteInventoryWriter``
/// writes an SQLite file; a PostgreSQL writer would COPY the rows into a staging table and
/// merge them in ``finish(keeping:)``, inside the one transaction its opener holds.
///
/// ```swift
/// for row in rows { try writer.write(row) }       // in input order, each HotelId once
/// let counts = try writer.finish(keeping: deleteMissing ? ids : nil)
/// ```
///
/// The importer (``InventoryImporter``) reads and validates the rows, refuses a HotelId
/// given twice and calls `progress`; a writer only stores, compares with what it holds and
/// counts. It owns the transaction: nothing it writes is seen before the import succeeds,
/// and a thrown error leaves the catalog as it was.
public protocol InventoryWriter: AnyObject {
    /// The currencies a price may be in, with their decimals: the catalog's own table, so
    /// `price_usd` is computed with the rates the catalog's searches use.
    var currencies: [String: CurrencyInfo] { get }

    /// Adds, updates or deletes one hotel.
    func write(_ row: InventoryRow) throws

    /// After the last row: with `kept` (`--delete-missing`), deletes every hotel whose
    /// HotelId is not among them, then makes the derived data whole. Returns the counts.
    func finish(keeping kept: Set<String>?) throws -> ImportCounts
}
