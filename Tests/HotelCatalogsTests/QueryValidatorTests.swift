import Foundation
import HotelSOAP
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

@Suite("QueryValidator")
struct QueryValidatorTests {
    /// A query that one rule rejects: the field it must name, and what breaks it.
    struct Invalid: Sendable, CustomTestStringConvertible {
        let field: String
        let value: String
        let query: HotelQuery
        var testDescription: String { "\(field) \(value)" }
    }

    static let cases: [Invalid] = {
        func bad(_ field: String, _ value: String, _ edit: (inout HotelQuery) -> Void) -> Invalid {
            var query = HotelQuery()
            edit(&query)
            return Invalid(field: field, value: value, query: query)
        }
        let near = { (lat: Double, lon: Double, r: Double) in GeoCircle(latitude: lat, longitude: lon, radiusKm: r) }
        return [
            bad("Limit", "0") { $0.limit = 0 },
            bad("Limit", "501") { $0.limit = 501 },
            bad("Limit", "-5") { $0.limit = -5 },
            bad("Offset", "-1") { $0.offset = -1 },
            bad("Near/Latitude", "90.5") { $0.near = near(90.5, 0, 1) },
            bad("Near/Latitude", "-91") { $0.near = near(-91, 0, 1) },
            bad("Near/Latitude", "NaN") { $0.near = near(.nan, 0, 1) },
            bad("Near/Longitude", "180.01") { $0.near = near(0, 180.01, 1) },
            bad("Near/Longitude", "-181") { $0.near = near(0, -181, 1) },
            bad("Near/Longitude", "infinity") { $0.near = near(0, .infinity, 1) },
            bad("Near/RadiusKm", "0") { $0.near = near(0, 0, 0) },
            bad("Near/RadiusKm", "-3") { $0.near = near(0, 0, -3) },
            bad("Near/RadiusKm", "20000.5") { $0.near = near(0, 0, 20_000.5) },
            bad("Near/RadiusKm", "NaN") { $0.near = near(0, 0, .nan) },
            bad("MinStars", "-1") { $0.minStars = -1 },
            bad("MinStars", "6") { $0.minStars = 6 },
            bad("MaxPrice", "-0.01") { $0.maxPrice = -0.01 },
            bad("MaxPrice", "NaN") { $0.maxPrice = Decimal.nan },
            bad("Currency", "XYZ") { $0.currency = "XYZ" },
            bad("Currency", "empty") { $0.currency = "" },
            bad("Guests", "0") { $0.guests = 0 },
            bad("Guests", "21") { $0.guests = 21 },
            bad("CheckOut", "on the CheckIn day") {
                $0.checkIn = CalendarDate("2026-12-01")
                $0.checkOut = CalendarDate("2026-12-01")
            },
            bad("CheckOut", "before CheckIn") {
                $0.checkIn = CalendarDate("2026-12-01")
                $0.checkOut = CalendarDate("2026-11-30")
            },
            bad("Amenity", "jacuzzi") { $0.amenities = ["wifi", "jacuzzi"] },
            bad("City", "of 201 characters") { $0.city = String(repeating: "x", count: 201) },
            bad("Name", "of 201 characters") { $0.name = String(repeating: "y", count: 201) },
            bad("SortBy", "distance without Near") { $0.sortBy = .distance },
        ]
    }()

    @Test("each rule names its field", arguments: cases)
    func rule(_ invalid: Invalid) {
        #expect {
            try QueryValidator.validate(invalid.query)
        } throws: { error in
            let error = error as? CatalogError
            return error?.kind == .invalidQuery && error?.field == invalid.field && error?.isSenderFault == true
        }
    }

    @Test("queries at the edges of every range pass")
    func edges() throws {
        let valid: [HotelQuery] = [
            HotelQuery(),
            HotelQuery(limit: 1),
            HotelQuery(offset: 0, limit: 500),
            HotelQuery(near: GeoCircle(latitude: 90, longitude: 180, radiusKm: 20_000), sortBy: .distance),
            HotelQuery(near: GeoCircle(latitude: -90, longitude: -180, radiusKm: 0.001)),
            HotelQuery(minStars: 0, maxPrice: 0, currency: "krw", guests: 1),
            HotelQuery(minStars: 5, guests: 20),
            HotelQuery(checkIn: CalendarDate("2026-12-01"), checkOut: CalendarDate("2026-12-02")),
            HotelQuery(checkOut: CalendarDate("2026-12-02")),
            HotelQuery(amenities: Amenity.all + [" WiFi "]),
            HotelQuery(city: String(repeating: "x", count: 200)),
        ]
        for query in valid { try QueryValidator.validate(query) }
    }

    @Test("the fault detail carries the field")
    func searchFault() {
        let error = CatalogError.invalidQuery(field: "Near/Latitude", message: "Latitude must be between -90 and 90, not 91")
        #expect(error.searchFault == SearchFault(code: .invalidValue, message: error.message, field: "Near/Latitude"))
        #expect(CatalogError.database("boom").searchFault.code == .internal)
        #expect(!CatalogError.database("boom").isSenderFault)
        #expect(error.description == "invalid Near/Latitude: Latitude must be between -90 and 90, not 91")
    }
}
