import Foundation
import HotelSOAP
import Testing
@testable import HotelServer

@Suite("QueryValidator")
struct QueryValidatorTests {
    static let cases: [(String, HotelQuery)] = {
        func q(_ edit: (inout HotelQuery) -> Void) -> HotelQuery { var query = HotelQuery(); edit(&query); return query }
        let near = { (lat: Double, lon: Double, r: Double) in GeoCircle(latitude: lat, longitude: lon, radiusKm: r) }
        return [
            ("Limit", q { $0.limit = 0 }),
            ("Limit", q { $0.limit = 501 }),
            ("Limit", q { $0.limit = -5 }),
            ("Offset", q { $0.offset = -1 }),
            ("Near/Latitude", q { $0.near = near(90.5, 0, 1) }),
            ("Near/Latitude", q { $0.near = near(-91, 0, 1) }),
            ("Near/Latitude", q { $0.near = near(.nan, 0, 1) }),
            ("Near/Longitude", q { $0.near = near(0, 180.01, 1) }),
            ("Near/Longitude", q { $0.near = near(0, -181, 1) }),
            ("Near/Longitude", q { $0.near = near(0, .infinity, 1) }),
            ("Near/RadiusKm", q { $0.near = near(0, 0, 0) }),
            ("Near/RadiusKm", q { $0.near = near(0, 0, -3) }),
            ("Near/RadiusKm", q { $0.near = near(0, 0, 20_000.5) }),
            ("Near/RadiusKm", q { $0.near = near(0, 0, .nan) }),
            ("MinStars", q { $0.minStars = -1 }),
            ("MinStars", q { $0.minStars = 6 }),
            ("MaxPrice", q { $0.maxPrice = -0.01 }),
            ("MaxPrice", q { $0.maxPrice = Decimal.nan }),
            ("Currency", q { $0.currency = "XYZ" }),
            ("Currency", q { $0.currency = "" }),
            ("Guests", q { $0.guests = 0 }),
            ("Guests", q { $0.guests = 21 }),
            ("CheckOut", q { $0.checkIn = CalendarDate("2026-12-01"); $0.checkOut = CalendarDate("2026-12-01") }),
            ("CheckOut", q { $0.checkIn = CalendarDate("2026-12-01"); $0.checkOut = CalendarDate("2026-11-30") }),
            ("Amenity", q { $0.amenities = ["wifi", "jacuzzi"] }),
            ("City", q { $0.city = String(repeating: "x", count: 201) }),
            ("Name", q { $0.name = String(repeating: "y", count: 201) }),
            ("SortBy", q { $0.sortBy = .distance }),
        ]
    }()

    @Test("each rule names its field", arguments: 0..<cases.count)
    func rule(_ index: Int) {
        let (field, query) = Self.cases[index]
        #expect {
            try QueryValidator.validate(query)
        } throws: { error in
            let error = error as? CatalogError
            return error?.kind == .invalidQuery && error?.field == field && error?.isSenderFault == true
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
