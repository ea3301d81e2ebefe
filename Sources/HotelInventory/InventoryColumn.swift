/// A column of `hotels import`'s input and `hotels export`'s output: the CSV header's name
/// and the JSON Lines key, the same names `hotels search --format csv` and `--format json`
/// write, so what search writes can be imported and what export writes can be imported back.
///
/// ```swift
/// InventoryColumn.named("price")?.requirement    // .required
/// InventoryColumn.exported.map(\.name)            // hotel_id, name, …, description
/// ```
///
/// The full table, with units and formats, is `docs/INVENTORY.md`'s.
public struct InventoryColumn: Sendable, Hashable, CustomStringConvertible {
    /// Whether every row needs the column.
    public enum Requirement: Sendable, Hashable {
        /// Every hotel has it (a row marked `deleted` needs only `hotel_id`).
        case required
        /// Absent from a file, a hotel keeps what the catalog has; present and empty, it is cleared.
        case optional
        /// Written by `hotels search` for the query's sake (`distance_km`, `logo_url`): read past.
        case ignored
    }

    /// As the header and the JSON key spell it.
    public let name: String
    public let requirement: Requirement
    /// The column's place in ``all``: a row's values are kept in an array in this order.
    public let index: Int

    private init(_ name: String, _ requirement: Requirement, _ index: Int) {
        self.name = name
        self.requirement = requirement
        self.index = index
    }

    public var description: String { name }

    public static let hotelID = InventoryColumn("hotel_id", .required, 0)
    public static let name = InventoryColumn("name", .required, 1)
    public static let address = InventoryColumn("address", .required, 2)
    public static let city = InventoryColumn("city", .required, 3)
    public static let country = InventoryColumn("country", .required, 4)
    public static let latitude = InventoryColumn("latitude", .required, 5)
    public static let longitude = InventoryColumn("longitude", .required, 6)
    public static let stars = InventoryColumn("stars", .required, 7)
    public static let price = InventoryColumn("price", .required, 8)
    public static let currency = InventoryColumn("currency", .required, 9)
    public static let phone = InventoryColumn("phone", .optional, 10)
    public static let amenities = InventoryColumn("amenities", .optional, 11)
    public static let hotelDescription = InventoryColumn("description", .optional, 12)
    public static let logo = InventoryColumn("logo", .optional, 13)
    public static let deleted = InventoryColumn("deleted", .optional, 14)
    public static let distanceKm = InventoryColumn("distance_km", .ignored, 15)
    public static let logoURL = InventoryColumn("logo_url", .ignored, 16)

    /// Every column import reads, in ``index`` order.
    public static let all: [InventoryColumn] = [
        hotelID, name, address, city, country, latitude, longitude, stars, price, currency, phone, amenities,
        hotelDescription, logo, deleted, distanceKm, logoURL,
    ]

    /// What export writes, in this order; `logo` comes last when logos are exported.
    public static let exported: [InventoryColumn] = [
        hotelID, name, address, city, country, latitude, longitude, stars, price, currency, phone, amenities,
        hotelDescription,
    ]

    /// The columns a hotel cannot go without.
    public static let required: [InventoryColumn] = all.filter { $0.requirement == .required }

    private static let byName: [String: InventoryColumn] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The column of that exact name (names are lowercase, as search writes them).
    public static func named(_ name: String) -> InventoryColumn? { byName[name] }

    /// `hotel_id, name, …` for messages that list what may stand in a header.
    static var allNames: String { all.map(\.name).joined(separator: ", ") }
}
