import HotelXML

/// OpenTravel Hotel Amenity Codes (HAC code list) for the catalog's amenities, both ways.
/// `HotelAmenity@Code` is an `OTA_CodeType` (digits), so schema-valid requests send these;
/// our service also accepts its own names (`wifi`), as a lenient partner would.
///
/// ```swift
/// OTAAmenityCodes.amenity(forCode: "179")   // "wifi"
/// OTAAmenityCodes.code(for: "pool")         // "71"
/// ```
public enum OTAAmenityCodes {
    /// Our amenity names and their HAC codes.
    public static let byAmenity: [(amenity: String, code: String)] = [
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

    /// Our amenity for a HAC code; nil when the code has none here.
    public static func amenity(forCode code: String) -> String? {
        byAmenity.first { $0.code == code }?.amenity
    }

    /// The HAC code for one of our amenity names (any case); nil when HAC has none.
    public static func code(for amenity: String) -> String? {
        let name = amenity.trimmingXMLSpace.lowercased()
        return byAmenity.first { $0.amenity == name }?.code
    }
}
