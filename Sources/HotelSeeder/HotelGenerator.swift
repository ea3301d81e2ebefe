import Foundation
import HotelCatalogs

/// One generated hotel, before it becomes an import's row (``record``).
struct SeedHotel: Equatable, Sendable {
    var number: Int
    var hotelId: String
    var name: String
    var address: String
    var city: String
    var country: String
    var latitude: Double
    var longitude: Double
    var stars: Int
    /// Exact decimal text in `currency`, e.g. `129.99` or `125000`.
    var price: String
    var currency: String
    /// `price` in minor units (cents, whole yen).
    var priceMinor: Int64
    var phone: String
    var amenities: [String]
    var description: String
    var logoInitials: String
    var logoSeed: UInt64
}

/// Makes hotel number `n` of a catalog from `(seed, n)` alone: deterministic, and
/// independent of the other hotels (each gets its own ``SplitMix64`` stream).
///
/// Its rules for what a catalog stores (logo initials, price text, coordinates to 6
/// decimals) are `package`: `hotels import` stores its hotels by the same ones.
package struct HotelGenerator: Sendable {
    let seed: UInt64
    let cities: [CitySpec]
    private let cumulativeWeights: [Int]

    init(seed: UInt64, cities: [CitySpec] = SeedData.cities) {
        self.seed = seed
        self.cities = cities
        var total = 0
        cumulativeWeights = cities.map {
            total += $0.weight
            return total
        }
    }

    static func hotelId(_ number: Int) -> String {
        let digits = String(number)
        return "H" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    func hotel(number: Int) -> SeedHotel {
        var rng = SplitMix64(seed: seed, index: UInt64(number))

        // City, by weight.
        let ticket = rng.int(1...cumulativeWeights.last!)
        let cityIndex = cumulativeWeights.firstIndex { ticket <= $0 }!
        let city = cities[cityIndex]

        // Position: exponential distance from the centre (mean 2.8 km, ~94% within 8 km).
        let distance = min(25, -log(1 - rng.unit()) * 2.8)
        let bearing = rng.unit() * 2 * .pi
        let kmPerDegree = GeoMath.earthRadiusKm * .pi / 180
        let latitude = GeoMath.round6(city.latitude + distance * cos(bearing) / kmPerDegree)
        var longitude = city.longitude + distance * sin(bearing) / (kmPerDegree * cos(city.latitude * .pi / 180))
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        longitude = GeoMath.round6(longitude)

        let stars = Self.stars(&rng)
        let district = rng.pick(city.districts)
        let local = rng.chance(city.localShare)
        let naming = makeName(city: city, district: district, local: local, stars: stars, rng: &rng)
        let address = makeAddress(city: city, district: district, local: local || !city.language.nonLatin, rng: &rng)
        let (price, minorAmount) = Self.price(city: city, stars: stars, rng: &rng)
        let amenities = Self.amenities(stars: stars, rng: &rng)
        let phone = Self.fill(city.phone, rng: &rng)
        let description = Self.describe(
            name: naming.name, kind: naming.kindEnglish, stars: stars, district: district.english,
            city: city, distanceKm: GeoMath.distanceKm(latitude, longitude, city.latitude, city.longitude),
            amenities: amenities, rng: &rng)
        let logoSeed = rng.next()

        return SeedHotel(
            number: number, hotelId: Self.hotelId(number), name: naming.name, address: address, city: city.name,
            country: city.country, latitude: latitude, longitude: longitude, stars: stars, price: price, currency: city.currency,
            priceMinor: minorAmount, phone: phone, amenities: amenities, description: description, logoInitials: naming.initials,
            logoSeed: logoSeed)
    }

    // MARK: - Names

    struct Naming {
        var name: String
        var kindEnglish: String
        var initials: String
    }

    /// Kinds that stop at 3 stars, and kinds that start at 3.
    private static let budgetKinds: Set<String> = [
        "Hostel", "Guesthouse", "Guest House", "Motel", "Capsule Hotel", "Minshuku", "Mini-Hotel", "Homestay", "B&B",
        "Inn", "Lodge",
    ]
    private static let luxuryKinds: Set<String> = [
        "Resort", "Palace", "Grand Hotel", "Palazzo", "Mansion", "Suites", "Boutique Hotel", "Kasbah", "Hanok Stay", "Ryokan",
    ]

    private func makeName(city: CitySpec, district: Term, local: Bool, stars: Int, rng: inout SplitMix64) -> Naming {
        let language = local ? city.language : SeedData.language("english")
        let fitting = language.kinds.filter { kind in
            stars > 3 ? !Self.budgetKinds.contains(kind.english) : stars < 3 ? !Self.luxuryKinds.contains(kind.english) : true
        }
        let kind = rng.pick(fitting.isEmpty ? language.kinds : fitting)
        var brands = language.brands
        if !local || city.language.name == SeedData.language("english").name { brands += city.extraBrands }
        let brand = rng.pick(brands)
        let pattern = rng.pick(language.patterns)
        let districtWord = local ? district.local : district.english
        let name = Self.fill(template: pattern) { key in
            switch key {
            case "b": return brand
            case "k": return kind.local
            case "d": return districtWord
            default: return nil
            }
        }
        let initials: String
        if local && language.nonLatin {
            // The name has no Latin letters: the English district and kind ("Gangnam Hotel" → "GH").
            initials = CatalogText.initials(of: "\(district.english) \(kind.english)")
        } else {
            initials = CatalogText.initials(of: name)
        }
        return Naming(name: name, kindEnglish: kind.english, initials: initials.isEmpty ? "H" : initials)
    }

    // MARK: - Addresses and phones

    private func makeAddress(city: CitySpec, district: Term, local: Bool, rng: inout SplitMix64) -> String {
        let street = rng.pick(city.streets)
        let postcode = rng.pick(city.postcodes)
        let number: String
        switch city.addressNumber {
        case .plain:
            // Mostly small numbers, a few long streets.
            number = String(rng.chance(0.8) ? rng.int(1...80) : rng.int(81...250))
        case .japanese:
            number = "\(rng.int(1...9))-\(rng.int(1...30))-\(rng.int(1...20))"
        }
        var text = Self.fill(template: local ? city.localAddress : city.englishAddress) { key in
            switch key {
            case "s": return local ? street.local : street.english
            case "d": return local ? district.local : district.english
            case "c": return city.localName
            case "p": return postcode
            case "n": return number
            case "m": return String(rng.int(1...99))
            default: return nil
            }
        }
        // An empty postcode leaves a stray space or comma behind.
        if postcode.isEmpty {
            var collapsed = ""
            for ch in text where !(ch == " " && collapsed.last == " ") { collapsed.append(ch) }
            text = collapsed
            while let last = text.last, last == " " || last == "," { text.removeLast() }
            while let first = text.first, first == " " { text.removeFirst() }
        }
        if local && city.arabicIndicDigits { text = Self.arabicIndic(text) }
        return text
    }

    /// `"{d} {k}"` with `{x}` replaced by `value("x")` (left as is when nil). One pass: Foundation's
    /// `replacingOccurrences` made generation 2× slower.
    static func fill(template: String, _ value: (Character) -> String?) -> String {
        var out = ""
        out.reserveCapacity(template.utf8.count + 32)
        var chars = template.makeIterator()
        var pending: [Character] = []
        while let ch = chars.next() {
            guard ch == "{" else {
                out.append(ch)
                continue
            }
            pending = ["{"]
            guard let key = chars.next() else {
                out.append(contentsOf: pending)
                break
            }
            pending.append(key)
            guard let close = chars.next() else {
                out.append(contentsOf: pending)
                break
            }
            if close == "}", let replacement = value(key) {
                out += replacement
            } else {
                pending.append(close)
                out.append(contentsOf: pending)
            }
        }
        return out
    }

    static func arabicIndic(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    guard ("0"..."9").contains(scalar) else { return scalar }
                    return Unicode.Scalar(0x0660 + scalar.value - 0x30)!
                }))
    }

    static func fill(_ pattern: String, rng: inout SplitMix64) -> String {
        String(pattern.map { $0 == "#" ? Character(String(rng.int(0...9))) : $0 })
    }

    // MARK: - Stars, prices, amenities

    static func stars(_ rng: inout SplitMix64) -> Int {
        let u = rng.unit()
        switch u {
        case ..<0.03: return 0
        case ..<0.10: return 1
        case ..<0.30: return 2
        case ..<0.65: return 3
        case ..<0.90: return 4
        default: return 5
        }
    }

    private static let starFactor: [Double] = [0.6, 0.45, 0.65, 1.0, 1.7, 3.2]

    /// A price rounded the way hotels quote them: 3 significant digits (125,000 KRW,
    /// 14,900 JPY, 6,120.00 INR), and for cheaper two-decimal prices sometimes `.99` or `.50`.
    static func price(city: CitySpec, stars: Int, rng: inout SplitMix64) -> (text: String, minorAmount: Int64) {
        let info = Currencies.info(city.currency)!
        let raw = city.basePrice * starFactor[stars] * (0.75 + 0.65 * rng.unit())
        let step = max(1, Currencies.pow10(Int(floor(log10(raw))) - 2))
        let major = max(step, (raw / step).rounded() * step)
        let scale = Int64(Currencies.pow10(info.minorUnits))
        var minor = Int64(major) * scale
        if info.minorUnits == 2 && step == 1 {
            let cents = rng.unit()
            if cents < 0.3 { minor -= 1 } else if cents < 0.45 { minor -= 50 }
        }
        return (Currencies.formatMinor(minor, minorUnits: info.minorUnits), minor)
    }

    static func amenities(stars: Int, rng: inout SplitMix64) -> [String] {
        let s = stars == 0 ? 1.5 : Double(stars)
        let odds: [String: Double] = [
            "wifi": 0.92, "breakfast": 0.35 + 0.08 * s, "pool": 0.04 + 0.07 * s, "gym": 0.03 + 0.12 * s,
            "spa": 0.01 + 0.07 * s, "parking": 0.5, "pets": 0.2, "restaurant": 0.15 + 0.15 * s, "bar": 0.1 + 0.14 * s,
            "airport-shuttle": 0.08 + 0.04 * s, "ev-charging": 0.03 + 0.03 * s, "accessible": 0.35 + 0.1 * s,
        ]
        // Draw in the fixed list order, so the draws don't depend on dictionary order.
        return Amenity.all.filter { rng.chance(min(0.98, odds[$0]!)) }
    }

    // MARK: - Descriptions

    private static let amenityPhrases: [String: String] = [
        "wifi": "free Wi-Fi", "breakfast": "breakfast every morning", "pool": "a pool", "gym": "a fitness centre",
        "spa": "a spa", "parking": "on-site parking", "pets": "pet-friendly rooms", "restaurant": "an on-site restaurant",
        "bar": "a bar", "airport-shuttle": "an airport shuttle", "ev-charging": "EV charging", "accessible": "step-free access",
    ]

    private static let closers = [
        "Rooms are quiet and were recently renovated.",
        "Check-in starts at 3 pm; late check-out can be arranged.",
        "It is popular with business travellers and families alike.",
        "Public transport stops are a short walk away.",
        "Many rooms have a view over the city.",
        "Luggage can be stored before check-in and after check-out.",
    ]

    static func describe(
        name: String, kind: String, stars: Int, district: String, city: CitySpec, distanceKm: Double,
        amenities: [String], rng: inout SplitMix64
    ) -> String {
        let kindWord = kind.lowercased()
        var sentences: [String] = []
        if stars == 0 {
            sentences.append("\(name) is an unrated \(kindWord) in \(district), \(city.name).")
        } else {
            sentences.append("\(name) is a \(stars)-star \(kindWord) in \(district), \(city.name).")
        }
        let offered = amenities.compactMap { amenityPhrases[$0] }.prefix(4)
        switch offered.count {
        case 0: sentences.append("It keeps things simple: a bed, a shower and a friendly welcome.")
        case 1: sentences.append("Guests can enjoy \(offered[0]).")
        default: sentences.append("Guests can enjoy " + offered.dropLast().joined(separator: ", ") + " and " + offered.last! + ".")
        }
        if rng.chance(0.7) {
            let km = (distanceKm * 10).rounded() / 10
            sentences.append(
                km < 0.5
                    ? "It sits right in the centre of \(city.name)."
                    : "The centre of \(city.name) is \(km) km away.")
        }
        if rng.chance(0.5) {
            if rng.chance(0.4) && city.language.name != SeedData.language("english").name {
                sentences.append("Staff speak \(city.language.name) and English.")
            } else {
                sentences.append(rng.pick(closers))
            }
        }
        return sentences.joined(separator: " ")
    }

    /// Rounded to 6 decimals (about 0.1 m), as ``CatalogSchema`` stores coordinates: the
    /// R*Tree's microdegrees divided by 1e6 give exactly the stored value.
}
