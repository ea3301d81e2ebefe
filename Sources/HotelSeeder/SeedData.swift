import Foundation

/// The seeder's word lists and cities, read once from `Resources/languages.json` and
/// `Resources/cities.json` (data, not code: adding a city is an edit to a JSON file).
///
/// A term is written as one string where the local and English words are the same (Latin
/// script), else as `[local, english]`; a city names its language by key.
///
/// ```json
/// {"name": "Seoul", "localName": "서울특별시", "language": "korean", "districts": [["명동", "Myeongdong"]], …}
/// ```
enum SeedData {
    /// Every language by key, from `languages.json`.
    static let languages: [String: LanguageSpec] = load("languages", as: [String: LanguageSpec].self)

    /// Every city, in the order hotels are drawn, from `cities.json`.
    static let cities: [CitySpec] = load("cities", as: [CitySpec].self)

    /// The language with this key; a missing one is a broken resource, found by the tests.
    static func language(_ key: String) -> LanguageSpec {
        guard let language = languages[key] else { preconditionFailure("languages.json has no language \"\(key)\"") }
        return language
    }

    private static func load<T: Decodable>(_ name: String, as type: T.Type) -> T {
        // A resource missing or unreadable is a broken build, not a user's mistake.
        guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            preconditionFailure("the HotelSeeder resource \(name).json is missing from \(Bundle.module.bundlePath)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
        } catch {
            preconditionFailure("the HotelSeeder resource \(name).json does not decode: \(error)")
        }
    }
}

extension Term: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let same = try? container.decode(String.self) {
            self.init(local: same, english: same)
            return
        }
        let pair = try container.decode([String].self)
        guard pair.count == 2 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a term is a string or [local, english]")
        }
        self.init(local: pair[0], english: pair[1])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if local == english { try container.encode(local) } else { try container.encode([local, english]) }
    }
}

extension CitySpec: Decodable {
    enum CodingKeys: String, CodingKey {
        case name, localName, country, continent, latitude, longitude, currency, basePrice, phone, weight, language
        case localShare, districts, streets, postcodes, localAddress, englishAddress, addressNumber, arabicIndicDigits
        case extraBrands
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name), localName: try c.decode(String.self, forKey: .localName),
            country: try c.decode(String.self, forKey: .country), continent: try c.decode(Continent.self, forKey: .continent),
            latitude: try c.decode(Double.self, forKey: .latitude), longitude: try c.decode(Double.self, forKey: .longitude),
            currency: try c.decode(String.self, forKey: .currency), basePrice: try c.decode(Double.self, forKey: .basePrice),
            phone: try c.decode(String.self, forKey: .phone), weight: try c.decode(Int.self, forKey: .weight),
            language: SeedData.language(try c.decode(String.self, forKey: .language)),
            localShare: try c.decode(Double.self, forKey: .localShare), districts: try c.decode([Term].self, forKey: .districts),
            streets: try c.decode([Term].self, forKey: .streets), postcodes: try c.decode([String].self, forKey: .postcodes),
            localAddress: try c.decode(String.self, forKey: .localAddress),
            englishAddress: try c.decode(String.self, forKey: .englishAddress),
            addressNumber: try c.decodeIfPresent(AddressNumber.self, forKey: .addressNumber) ?? .plain,
            arabicIndicDigits: try c.decodeIfPresent(Bool.self, forKey: .arabicIndicDigits) ?? false,
            extraBrands: try c.decodeIfPresent([String].self, forKey: .extraBrands) ?? [])
    }
}
