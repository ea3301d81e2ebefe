import HotelCatalogs

/// A word the seeder uses in names and addresses: as written locally, and in English
/// (romanized) for English names, descriptions and logo initials.
struct Term: Sendable {
    let local: String
    let english: String
}

func t(_ local: String, _ english: String) -> Term { Term(local: local, english: english) }

/// Latin-script words that read the same in English names.
func latin(_ words: [String]) -> [Term] { words.map { Term(local: $0, english: $0) } }

enum Continent: String, Sendable, CaseIterable, Codable {
    case asia = "Asia"
    case africa = "Africa"
    case europe = "Europe"
    case northAmerica = "North America"
    case southAmerica = "South America"
    case oceania = "Oceania"
}

/// How a language names hotels. Patterns use `{b}` (brand), `{k}` (kind), `{d}` (district).
struct LanguageSpec: Sendable, Codable {
    /// Shown in descriptions: "Staff speak Korean and English."
    let name: String
    /// Names in this language are not in Latin script: logo initials come from the English
    /// district and kind instead, and such hotels get a local-script address.
    let nonLatin: Bool
    let kinds: [Term]
    let brands: [String]
    let patterns: [String]
}

enum AddressNumber: String, Sendable, Codable {
    case plain  // {n}: 1–250, {m}: 1–99
    case japanese  // {n}: chōme-banchi-gō, "2-8-1"
}

struct CitySpec: Sendable {
    /// As the `City` field shows it (English, with native diacritics where English keeps them).
    let name: String
    /// The city in local script/language, for local addresses.
    let localName: String
    let country: String
    let continent: Continent
    let latitude: Double
    let longitude: Double
    let currency: String
    /// A typical night in a 3-star hotel, in `currency`.
    let basePrice: Double
    /// `#` = a digit.
    let phone: String
    /// Relative number of hotels.
    let weight: Int
    let language: LanguageSpec
    /// Share of hotels named in the local language (the rest get English names).
    let localShare: Double
    let districts: [Term]
    let streets: [Term]
    let postcodes: [String]
    /// Address patterns: `{n}` number, `{m}` small number, `{s}` street, `{d}` district,
    /// `{c}` city, `{p}` postcode. `localAddress` uses local words, `englishAddress` (for
    /// English-named hotels in non-Latin-script cities) the romanized ones.
    let localAddress: String
    let englishAddress: String
    var addressNumber: AddressNumber = .plain
    /// Write the digits of local addresses as Arabic-Indic digits (٠١٢…).
    var arabicIndicDigits = false
    /// Extra English name parts with local flavour ("Aloha", "Safari").
    var extraBrands: [String] = []
}
