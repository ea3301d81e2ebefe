/// A row of an import: a hotel to add or update, or one to delete (`deleted` true).
///
/// ```swift
/// switch row {
/// case .hotel(let record): print("upsert", record.hotel.id)
/// case .deletion(let id, _, _): print("delete", id)
/// }
/// ```
public enum InventoryRow: Sendable {
    case hotel(InventoryRecord)
    /// A hotel to remove; a HotelId the catalog does not hold changes nothing.
    case deletion(hotelID: String, file: String, line: Int)

    public var hotelID: String {
        switch self {
        case .hotel(let record): return record.hotel.id
        case .deletion(let id, _, _): return id
        }
    }
}
