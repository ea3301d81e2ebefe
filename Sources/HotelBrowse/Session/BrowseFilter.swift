import Foundation
import HotelSOAP

/// What `f` narrows the result to, kept apart from the search it narrows (the command
/// line's filters and the `/` name): the query sent is `applied(to: search)`, so clearing
/// the filter gives back exactly the search's result.
///
/// Typed as space-separated `key:value` terms; a value with spaces goes in double quotes.
///
/// ```swift
/// let filter = try BrowseFilter.parse("stars:4 price:200 city:\"New York\" amenity:pool,wifi")
/// filter.summary                                   // "★≥4 ≤200 New York pool,wifi"
/// filter.applied(to: HotelQuery(minStars: 3))      // minStars 4, maxPrice 200, city New York, …
/// try BrowseFilter.parse("")                        // the empty filter: clears
/// ```
struct BrowseFilter: Sendable, Equatable {
    /// At least this many stars (`stars:`).
    var minStars: Int?
    /// At most this nightly price, in the search's currency (`price:`).
    var maxPrice: Decimal?
    /// Only this city (`city:`); it takes the place of the search's city.
    var city: String?
    /// Every one of these (`amenity:`, comma-separated, repeatable).
    var amenities: [String] = []

    /// Why a filter line was refused, said so the user can fix it.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static let syntax = "stars:N price:MAX city:NAME amenity:A,B"

    var isEmpty: Bool { self == BrowseFilter() }

    static func parse(_ line: String) throws(ParseError) -> BrowseFilter {
        var filter = BrowseFilter()
        for term in try terms(of: line) {
            guard let colon = term.firstIndex(of: ":") else {
                throw ParseError(description: "“\(term)” is not a filter term; use \(syntax)")
            }
            let key = term[..<colon].lowercased()
            let value = String(term[term.index(after: colon)...])
            guard !value.isEmpty else { throw ParseError(description: "\(key): needs a value; use \(syntax)") }
            switch key {
            case "stars", "star":
                guard let stars = Int(value), (0...5).contains(stars) else {
                    throw ParseError(description: "stars: must be a whole number 0…5, not “\(value)”")
                }
                filter.minStars = stars
            case "price":
                guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                    let price = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX"))
                else {
                    throw ParseError(description: "price: must be a number such as 150 or 99.50, not “\(value)”")
                }
                filter.maxPrice = price
            case "city":
                filter.city = value
            case "amenity", "amenities":
                for name in value.split(separator: ",").map({ $0.lowercased() }) where !filter.amenities.contains(name) {
                    filter.amenities.append(name)
                }
            default:
                throw ParseError(description: "unknown filter “\(key):”; use \(syntax)")
            }
        }
        return filter
    }

    /// Splits at spaces outside double quotes; the quotes themselves are dropped.
    private static func terms(of line: String) throws(ParseError) -> [String] {
        var terms: [String] = []
        var current = ""
        var quoted = false
        var inTerm = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                inTerm = true
            } else if character.isWhitespace && !quoted {
                if inTerm { terms.append(current) }
                current = ""
                inTerm = false
            } else {
                current.append(character)
                inTerm = true
            }
        }
        guard !quoted else { throw ParseError(description: "a quote is not closed") }
        if inTerm { terms.append(current) }
        return terms
    }

    /// `search` narrowed by this filter: the stricter of both for stars and price, the
    /// filter's city, the amenities of both.
    func applied(to search: HotelQuery) -> HotelQuery {
        var query = search
        if let minStars { query.minStars = max(minStars, search.minStars ?? 0) }
        if let maxPrice { query.maxPrice = search.maxPrice.map { min($0, maxPrice) } ?? maxPrice }
        if let city { query.city = city }
        for amenity in amenities where !query.amenities.contains(amenity) { query.amenities.append(amenity) }
        return query
    }

    /// For the status line, e.g. `★≥4 ≤200 Paris pool,wifi`.
    var summary: String {
        var parts: [String] = []
        if let minStars { parts.append("★≥\(minStars)") }
        if let maxPrice { parts.append("≤\(maxPrice)") }
        if let city { parts.append(city) }
        if !amenities.isEmpty { parts.append(amenities.joined(separator: ",")) }
        return parts.joined(separator: " ")
    }
}
