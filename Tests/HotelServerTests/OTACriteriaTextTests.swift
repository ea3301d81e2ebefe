import Foundation
import HotelSOAP
import Testing

@testable import HotelServer

/// A paging token is signed over the search's criteria text (`OTAEndpoint.Search.criteria`).
/// That text was first `"\(query)|codes"`; it is now written field by field for speed, and must
/// stay the same bytes, or tokens from another version of the server sharing a
/// `--token-key-file` would stop working mid-walk.
@Suite("OpenTravel criteria text")
struct OTACriteriaTextTests {
    /// What the text was: Swift's own description of the query without its page.
    static func described(_ query: HotelQuery, hotelCodes: [String]) -> String {
        var q = query
        q.offset = nil
        q.limit = nil
        return "\(q)|\(hotelCodes.joined(separator: ","))"
    }

    /// Text with what `debugPrint` escapes: quotes, backslashes, controls, and beyond ASCII.
    static func text(_ random: inout some RandomNumberGenerator) -> String {
        let pieces = [
            "Paris", "Zürich", "São Paulo", "a\"b", "back\\slash", "tab\there", "line\nbreak", "nul\u{0}", "🏨", "東京", "\u{7F}", "e\u{301}",
            " ", "",
        ]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func query(_ random: inout some RandomNumberGenerator) -> HotelQuery {
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &random) ? make() : nil }
        var query = HotelQuery()
        query.city = maybe { text(&random) }
        query.cityCode = maybe { text(&random) }
        query.name = maybe { text(&random) }
        query.near = maybe {
            GeoCircle(
                latitude: Double.random(in: -90...90, using: &random),
                longitude: [0, -180, 12.5, 126.978][Int.random(in: 0...3, using: &random)],
                radiusKm: [5, 0.1, 20_000, 1e-7][Int.random(in: 0...3, using: &random)])
        }
        query.minStars = maybe { Int.random(in: -1...5, using: &random) }
        query.maxPrice = maybe {
            Decimal(string: ["129.50", "0", "1e3", "99999999999.999", "0.001"][Int.random(in: 0...4, using: &random)])!
        }
        query.currency = maybe { ["EUR", "jpy", "X\"Y"][Int.random(in: 0...2, using: &random)] }
        query.checkIn = maybe { CalendarDate(year: Int.random(in: 1...9999, using: &random), month: 2, day: 28)! }
        query.checkOut = maybe { CalendarDate(year: 2026, month: Int.random(in: 1...12, using: &random), day: 1)! }
        query.guests = maybe { Int.random(in: 0...20, using: &random) }
        query.amenities = (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) }
        query.sortBy = maybe { SortOrder.allCases.randomElement(using: &random)! }
        query.offset = maybe { Int.random(in: 0...5000, using: &random) }
        query.limit = maybe { Int.random(in: 1...500, using: &random) }
        return query
    }

    @Test("the criteria text is the query's description, byte for byte, over 3,000 random searches")
    func sameTextAsDescription() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let query = Self.query(&random)
            let codes = (0..<Int.random(in: 0...3, using: &random)).map { _ in "H\(Int.random(in: 0...9_999_999, using: &random))" }
            let expected = Self.described(query, hotelCodes: codes)
            let written = OTAEndpoint.Search.criteria(query, hotelCodes: codes)
            #expect(written == expected, "query \(query), codes \(codes)")
            if written != expected { return }
        }
    }

    @Test("an empty search and every field set, spelled out")
    func edges() {
        #expect(
            OTAEndpoint.Search.criteria(HotelQuery(), hotelCodes: [])
                == "HotelQuery(city: nil, cityCode: nil, name: nil, near: nil, minStars: nil, maxPrice: nil, currency: nil, checkIn: nil, checkOut: nil, guests: nil, amenities: [], sortBy: nil, offset: nil, limit: nil)|"
        )
        var query = HotelQuery(city: "Seoul")
        query.offset = 50
        query.limit = 10
        #expect(OTAEndpoint.Search.criteria(query, hotelCodes: ["A", "B"]) == Self.described(query, hotelCodes: ["A", "B"]))
    }
}
