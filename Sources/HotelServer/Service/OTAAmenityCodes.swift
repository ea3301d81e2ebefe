/// OpenTravel Hotel Amenity Codes (HAC code list) for the catalog's amenities, both ways.
/// `HotelAmenity@Code` is an `OTA_CodeType` (digits), so schema-valid requests send these;
/// our own names (`wifi`) are accepted too, as a lenient partner would.
///
/// ```swift
/// OTAAmenityCodes.amenity(for: "179")   // "wifi"
/// ```
enum OTAAmenityCodes {
    static let byAmenity: [(amenity: String, code: String)] = [
        ("wifi", "179"),  // Wireless internet connection
        ("breakfast", "173"),  // Breakfast served in restaurant
        ("pool", "71"),  // Pool
        ("gym", "35"),  // Exercise gym
        ("spa", "84"),  // Spa
        ("parking", "68"),  // Parking
        ("pets", "224"),  // Pets allowed
        ("restaurant", "76"),  // Restaurant
        ("bar", "165"),  // Bar/Lounge
        ("airport-shuttle", "282"),  // Airport shuttle service
        ("ev-charging", "254"),  // Electric car charging stations
        ("accessible", "186"),  // Accessible facilities
    ]

    /// The catalog's amenity for a HAC code or one of our names; nil when we have none.
    static func amenity(for code: String) -> String? {
        if let pair = byAmenity.first(where: { $0.code == code }) { return pair.amenity }
        let name = Amenity.normalize(code)
        return Amenity.isKnown(name) ? name : nil
    }
}
