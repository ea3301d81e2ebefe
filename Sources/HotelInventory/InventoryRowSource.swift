/// Rows an import takes from something other than a file: `hotels seed`'s generated
/// hotels, written through the same ``InventoryImporter`` and writers as a file's rows.
///
/// ```swift
/// struct Three: InventoryRowSource {
///     let origin = CatalogOrigin(seed: "none", generator: "three")
///     func forEachRow(_ body: (InventoryRow) throws -> Void) throws {
///         for record in records { try body(.hotel(record)) }
///     }
/// }
/// let importer = InventoryImporter(source: Three(), options: .init(ifCatalogExists: .replace))
/// ```
///
/// Its rows are trusted as given (no ``RecordValidator``): they are built as
/// ``InventoryRecord``s, not read from text. The importer still refuses a HotelId given
/// twice.
public protocol InventoryRowSource {
    /// What the catalog's `meta` records as having made it.
    var origin: CatalogOrigin { get }

    /// Calls `body` with each row, in order, on the calling thread; stops at its first error.
    func forEachRow(_ body: (InventoryRow) throws -> Void) throws
}
