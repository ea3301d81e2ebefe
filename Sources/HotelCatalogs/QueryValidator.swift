import Foundation
import HotelSOAP

/// Range checks on a `SearchHotels` query, before any catalog sees it. Pure: no database.
///
/// Each rule throws ``CatalogError/invalidQuery(field:message:)`` naming the request field
/// as a path (`Limit`, `Offset`, `Near/Latitude`, `CheckOut`…) so the server can put it
/// in the fault's `Field`.
public enum QueryValidator {
    /// The page size when the query gives no `Limit`.
    public static let defaultLimit = 50
    /// Longest `City` or `Name` accepted, in characters.
    public static let maxTextLength = 200
    public static let maxGuests = 20
    public static let maxRadiusKm = 20_000.0

    public static func validate(_ q: HotelQuery) throws(CatalogError) {
        if let limit = q.limit, !(1...HotelQuery.maxLimit).contains(limit) {
            throw .invalidQuery(field: "Limit", message: "Limit must be between 1 and \(HotelQuery.maxLimit), not \(limit)")
        }
        if let offset = q.offset, offset < 0 {
            throw .invalidQuery(field: "Offset", message: "Offset must be 0 or more, not \(offset)")
        }
        if let city = q.city, city.count > maxTextLength {
            throw .invalidQuery(field: "City", message: "City is longer than \(maxTextLength) characters")
        }
        if let name = q.name, name.count > maxTextLength {
            throw .invalidQuery(field: "Name", message: "Name is longer than \(maxTextLength) characters")
        }
        if let near = q.near {
            guard near.latitude.isFinite, (-90...90).contains(near.latitude) else {
                throw .invalidQuery(field: "Near/Latitude", message: "Latitude must be between -90 and 90, not \(near.latitude)")
            }
            guard near.longitude.isFinite, (-180...180).contains(near.longitude) else {
                throw .invalidQuery(field: "Near/Longitude", message: "Longitude must be between -180 and 180, not \(near.longitude)")
            }
            guard near.radiusKm.isFinite, near.radiusKm > 0, near.radiusKm <= maxRadiusKm else {
                throw .invalidQuery(
                    field: "Near/RadiusKm", message: "RadiusKm must be more than 0 and at most \(Int(maxRadiusKm)), not \(near.radiusKm)")
            }
        }
        if let stars = q.minStars, !(0...5).contains(stars) {
            throw .invalidQuery(field: "MinStars", message: "MinStars must be between 0 and 5, not \(stars)")
        }
        if let price = q.maxPrice, price.isNaN || price < 0 {
            throw .invalidQuery(field: "MaxPrice", message: "MaxPrice must be 0 or more, not \(price)")
        }
        if let currency = q.currency, Currencies.info(Currencies.normalize(currency)) == nil {
            throw .invalidQuery(
                field: "Currency", message: "unknown currency \"\(currency)\"; known: \(Currencies.all.map(\.code).joined(separator: ", "))"
            )
        }
        if let guests = q.guests, !(1...maxGuests).contains(guests) {
            throw .invalidQuery(field: "Guests", message: "Guests must be between 1 and \(maxGuests), not \(guests)")
        }
        if let checkIn = q.checkIn, let checkOut = q.checkOut, checkOut <= checkIn {
            throw .invalidQuery(field: "CheckOut", message: "CheckOut (\(checkOut)) must be after CheckIn (\(checkIn))")
        }
        for amenity in q.amenities where !Amenity.isKnown(Amenity.normalize(amenity)) {
            throw .invalidQuery(field: "Amenity", message: "unknown amenity \"\(amenity)\"; known: \(Amenity.all.joined(separator: ", "))")
        }
        if q.sortBy == .distance, q.near == nil {
            throw .invalidQuery(field: "SortBy", message: "SortBy distance needs Near (a point and a radius)")
        }
    }
}
