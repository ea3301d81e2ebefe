import Foundation
import HotelSOAP
import Testing

@testable import HotelBrowse

@Suite("f: filter terms")
struct BrowseFilterTests {
    @Test("every term, quoted values, repeated amenities")
    func parsesTerms() throws {
        let filter = try BrowseFilter.parse("  stars:4 price:199.50  city:\"New York\" amenity:pool,WiFi amenity:spa,pool ")
        #expect(filter.minStars == 4)
        #expect(filter.maxPrice == Decimal(string: "199.50"))
        #expect(filter.city == "New York")
        #expect(filter.amenities == ["pool", "wifi", "spa"])
        #expect(filter.summary == "★≥4 ≤199.5 New York pool,wifi,spa")
        #expect(try BrowseFilter.parse("STARS:5").minStars == 5)
    }

    @Test("an empty line is the empty filter")
    func empty() throws {
        #expect(try BrowseFilter.parse("").isEmpty)
        #expect(try BrowseFilter.parse("   ").isEmpty)
    }

    @Test(
        "invalid input says what is wrong",
        arguments: [
            ("stars:6", "stars: must be a whole number 0…5"),
            ("stars:four", "stars: must be a whole number 0…5"),
            ("price:-3", "price: must be a number"),
            ("price:1e3", "price: must be a number"),
            ("Paris", "“Paris” is not a filter term"),
            ("rating:5", "unknown filter “rating:”"),
            ("city:", "city: needs a value"),
            ("city:\"New York", "a quote is not closed"),
        ])
    func invalid(line: String, message: String) {
        #expect {
            try BrowseFilter.parse(line)
        } throws: { error in
            (error as? BrowseFilter.ParseError)?.description.contains(message) == true
        }
    }

    @Test("applied on top of the search: the stricter bound wins, amenities add up, the city is the filter's")
    func applied() throws {
        let search = HotelQuery(
            city: "Paris", name: "Grand", minStars: 3, maxPrice: 150, currency: "EUR", amenities: ["wifi"], sortBy: .price)
        let query = try BrowseFilter.parse("stars:4 price:200 city:Lyon amenity:pool,wifi").applied(to: search)
        #expect(query.minStars == 4)
        #expect(query.maxPrice == 150)
        #expect(query.city == "Lyon")
        #expect(query.amenities == ["wifi", "pool"])
        #expect(query.name == "Grand" && query.currency == "EUR" && query.sortBy == .price)
        #expect(try BrowseFilter.parse("stars:2").applied(to: search).minStars == 3)
        #expect(BrowseFilter().applied(to: search) == search)
    }
}
