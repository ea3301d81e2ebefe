/// IATA city codes (metropolitan area codes where a city has several airports: `PAR`,
/// `LON`, `NYC`, `TYO`) of the seeder's cities: what real OTA partners send as
/// `HotelRef@HotelCityCode`, and what `/ota` writes on each `BasicPropertyInfo`.
///
/// Keyed by `CitySpec.name`, the `City` the catalog stores. A test checks that every city
/// of `SeedData.cities` has exactly one code.
package enum CityCodes {
    package static let byCity: [String: String] = [
        // Asia
        "Seoul": "SEL", "Busan": "PUS", "Tokyo": "TYO", "Kyoto": "UKY", "Osaka": "OSA", "Beijing": "BJS",
        "Shanghai": "SHA", "Hong Kong": "HKG", "Taipei": "TPE", "Bangkok": "BKK", "Singapore": "SIN",
        "Mumbai": "BOM", "Delhi": "DEL", "Dubai": "DXB", "Riyadh": "RUH", "Hanoi": "HAN",
        // Africa
        "Cairo": "CAI", "Marrakesh": "RAK", "Cape Town": "CPT", "Nairobi": "NBO", "Lagos": "LOS",
        // Europe
        "Istanbul": "IST", "Athens": "ATH", "Rome": "ROM", "Paris": "PAR", "Berlin": "BER", "Munich": "MUC",
        "Zürich": "ZRH", "Vienna": "VIE", "Prague": "PRG", "Kraków": "KRK", "Stockholm": "STO", "Reykjavík": "REK",
        "London": "LON", "Edinburgh": "EDI", "Madrid": "MAD", "Barcelona": "BCN", "Lisbon": "LIS",
        "Amsterdam": "AMS", "Moscow": "MOW", "Saint Petersburg": "LED",
        // The Americas
        "New York": "NYC", "Chicago": "CHI", "San Francisco": "SFO", "Los Angeles": "LAX", "Mexico City": "MEX",
        "Havana": "HAV", "Vancouver": "YVR", "Montréal": "YMQ", "Bogotá": "BOG", "Lima": "LIM", "São Paulo": "SAO",
        "Rio de Janeiro": "RIO", "Buenos Aires": "BUE", "Santiago": "SCL", "Honolulu": "HNL",
        // Oceania
        "Sydney": "SYD", "Melbourne": "MEL", "Auckland": "AKL", "Suva": "SUV",
    ]

    package static let byCode: [String: String] = Dictionary(uniqueKeysWithValues: byCity.map { ($1, $0) })

    /// The city a code names (`"par"` as `"PAR"`), or nil for a code this table lacks.
    package static func city(forCode code: String) -> String? {
        byCode[code.uppercased()]
    }
}
