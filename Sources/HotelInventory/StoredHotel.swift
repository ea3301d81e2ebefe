import GRDB

/// A hotel as the SQLite catalog holds it, read before a row is written so that only what
/// differs is written (and a row equal in every column the file has writes nothing).
///
/// ```swift
/// let stored = try StoredHotel.fetch(db, statement: select, hotelID: "H0000042")
/// ```
struct StoredHotel {
    var rowID: Int64
    var name: String
    var address: String
    var city: String
    var country: String
    var latitude: Double
    var longitude: Double
    var stars: Int
    var price: String
    var currency: String
    var phone: String?
    /// Comma-separated, in `Amenity.all` order, as `hotels.amenities` holds them.
    var amenities: String
    var nameKey: String
    var logoInitials: String
    var logoVersion: Int
    /// Empty when the hotel has no description row.
    var description: String

    /// What `statement` selects: ``select``'s columns, by HotelId.
    static let select = """
        SELECT h.id, h.name, h.address, h.city, h.country, h.latitude, h.longitude, h.stars, h.price, h.currency, h.phone,
               h.amenities, h.name_key, h.logo_initials, h.logo_version, d.description
        FROM hotels h LEFT JOIN hotel_descriptions d ON d.id = h.id WHERE h.hotel_id = ?
        """

    /// The hotel with that HotelId, or nil.
    static func fetch(_ statement: Statement, hotelID: String) throws -> StoredHotel? {
        guard let row = try Row.fetchOne(statement, arguments: [hotelID]) else { return nil }
        return StoredHotel(
            rowID: row[0], name: row[1], address: row[2], city: row[3], country: row[4], latitude: row[5], longitude: row[6],
            stars: row[7], price: row[8], currency: row[9], phone: row[10], amenities: row[11], nameKey: row[12],
            logoInitials: row[13], logoVersion: row[14], description: row[15] ?? "")
    }
}
