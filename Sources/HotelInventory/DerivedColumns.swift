import HotelCatalogs

/// The columns a catalog stores beside what an input row says, computed the same way by
/// every writer (SQLite and PostgreSQL), so a hotel looks and searches the same in every
/// catalog it is imported into.
///
/// ```swift
/// var derived = DerivedColumns()
/// derived.cityKey("São Paulo")               // "sao paulo", folded once per city
/// DerivedColumns.logoInitials(of: "Grand Hotel Roma")   // "GH"
/// ```
struct DerivedColumns {
    /// `city_key` by city: a catalog has few cities and many hotels, and folding goes
    /// through ICU for any text that is not ASCII. Bounded, for an input of odd cities.
    private var cityKeys: [String: String] = [:]

    mutating func cityKey(_ city: String) -> String {
        if let key = cityKeys[city] { return key }
        let key = CatalogText.fold(city)
        if cityKeys.count < 100_000 { cityKeys[city] = key }
        return key
    }

    /// The seeder's rule (the first letters of the first two significant words), and `H`
    /// when the name has no Latin letter, as the seeder's fallback.
    static func logoInitials(of name: String) -> String {
        let initials = CatalogText.initials(of: name)
        return initials.isEmpty ? "H" : initials
    }

    /// Picks the monogram's colours and shape: FNV-1a of the HotelId, so the same hotel
    /// looks the same in every catalog it is imported into.
    static func logoSeed(of hotelID: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in hotelID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int64(bitPattern: hash)
    }
}
