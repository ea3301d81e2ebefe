import Foundation
import HotelSOAP

/// A seeded generator, so a failing property case can be replayed exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Strings made to break XML writers: markup characters, `]]>`, whitespace at the ends,
/// CR/LF/TAB, CJK, emoji with ZWJ, combining marks, astral characters.
enum RandomText {
    static let pieces: [String] = [
        "\"", "'", "&", "<", ">", "]]>", "<![CDATA[", "&amp;", "&#x41;", " ", "  ", "\t", "\n", "\r", "\r\n",
        "a", "Z", "0", "Hotel", "서울", "東京", "北京", "ホテル", "Zürich", "e\u{301}", "\u{0915}\u{094D}\u{0937}",
        "👨‍👩‍👧‍👦", "🇰🇷", "🏨", "\u{00A0}", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "\u{200F}", "\u{202E}", "--", "?>", "/",
    ]

    static func string(_ rng: inout SplitMix64, maxPieces: Int = 8) -> String {
        let n = Int.random(in: 0...maxPieces, using: &rng)
        return (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func optionalString(_ rng: inout SplitMix64) -> String? {
        Bool.random(using: &rng) ? string(&rng) : nil
    }

    static func decimal(_ rng: inout SplitMix64) -> Decimal {
        let cents = Int64.random(in: 0...99_999_999, using: &rng)
        return Decimal(sign: .plus, exponent: -Int.random(in: 0...3, using: &rng), significand: Decimal(cents))
    }

    static func query(_ rng: inout SplitMix64) -> HotelQuery {
        HotelQuery(
            city: optionalString(&rng), name: optionalString(&rng),
            near: Bool.random(using: &rng)
                ? GeoCircle(
                    latitude: Double.random(in: -90...90, using: &rng), longitude: Double.random(in: -180...180, using: &rng),
                    radiusKm: Double.random(in: 0.001...500, using: &rng)) : nil,
            minStars: Bool.random(using: &rng) ? Int.random(in: 0...5, using: &rng) : nil,
            maxPrice: Bool.random(using: &rng) ? decimal(&rng) : nil,
            // Currency is a code (`[A-Z]{3}`, whitespace collapsed); free text goes in City/Name/Amenity.
            currency: ["EUR", "KRW", "JPY", nil].randomElement(using: &rng)!,
            checkIn: CalendarDate(year: 2026, month: Int.random(in: 1...12, using: &rng), day: Int.random(in: 1...28, using: &rng)),
            checkOut: nil, guests: Bool.random(using: &rng) ? Int.random(in: 1...9, using: &rng) : nil,
            amenities: (0..<Int.random(in: 0...3, using: &rng)).map { _ in string(&rng) },
            sortBy: SortOrder.allCases.randomElement(using: &rng),
            offset: Int.random(in: 0...100_000, using: &rng), limit: Int.random(in: 1...500, using: &rng))
    }

    static func hotel(_ rng: inout SplitMix64) -> HotelInfo {
        HotelInfo(
            id: "H" + String(Int.random(in: 0...999_999, using: &rng)), name: string(&rng), address: string(&rng),
            city: string(&rng), country: "KR",
            latitude: Double.random(in: -90...90, using: &rng), longitude: Double.random(in: -180...180, using: &rng),
            stars: Int.random(in: 0...5, using: &rng), price: Money(decimal(&rng), "KRW"),
            distanceKm: Bool.random(using: &rng) ? Double.random(in: 0...20_000, using: &rng) : nil,
            logoURL: Bool.random(using: &rng) ? "http://127.0.0.1:8080/logos/x.png?a=1&b=2" : nil,
            phone: optionalString(&rng), amenities: (0..<Int.random(in: 0...3, using: &rng)).map { _ in string(&rng) })
    }
}
