import Foundation
import HotelSOAP

/// The hand-written `.expected.json` beside each sample (see Samples/README.md).
struct Expected: Decodable {
    struct Hotel: Decodable {
        let hotelId: String
        let name: String
        let address: String
        let city: String
        let country: String
        let latitude: Double
        let longitude: Double
        let stars: Int
        let price: String
        let currency: String
        let distanceKm: Double?
        let logoURL: String?
        let phone: String?
        let amenities: [String]

        var model: HotelInfo {
            HotelInfo(
                id: hotelId, name: name, address: address, city: city, country: country,
                latitude: latitude, longitude: longitude, stars: stars,
                price: Money(Decimal(string: price, locale: Locale(identifier: "en_US_POSIX"))!, currency),
                distanceKm: distanceKm, logoURL: logoURL, phone: phone, amenities: amenities)
        }
    }

    struct Detail: Decodable {
        let code: String
        let message: String
        let field: String?
    }

    struct Near: Decodable {
        let latitude: Double
        let longitude: Double
        let radiusKm: Double
    }

    struct Query: Decodable {
        let city: String?
        let name: String?
        let near: Near?
        let minStars: Int?
        let maxPrice: String?
        let currency: String?
        let checkIn: String?
        let checkOut: String?
        let guests: Int?
        let amenities: [String]
        let sortBy: String?
        let offset: Int?
        let limit: Int?

        var model: HotelQuery {
            HotelQuery(
                city: city, name: name,
                near: near.map { GeoCircle(latitude: $0.latitude, longitude: $0.longitude, radiusKm: $0.radiusKm) },
                minStars: minStars, maxPrice: maxPrice.flatMap { Decimal(string: $0) }, currency: currency,
                checkIn: checkIn.flatMap(CalendarDate.init), checkOut: checkOut.flatMap(CalendarDate.init),
                guests: guests, amenities: amenities, sortBy: sortBy.flatMap(SortOrder.init(rawValue:)),
                offset: offset, limit: limit)
        }
    }

    let kind: String
    // page
    let totalCount: Int?
    let offset: Int?
    let hotels: [Hotel]?
    // hotel
    let hotel: Hotel?
    let description: String?
    let imageURLs: [String]?
    // fault
    let version: String?
    let code: String?
    let subcode: String?
    let reason: String?
    let detail: Detail?
    // error
    let error: String?
    let line: Int?
    // requests
    let query: Query?
    let hotelId: String?

    /// The message this file must parse to, or nil when it must fail.
    var message: SOAPMessage? {
        switch kind {
        case "page":
            return .searchResults(SearchPage(totalCount: totalCount!, offset: offset!, hotels: hotels!.map(\.model)))
        case "hotel":
            return .hotelDetail(HotelDetail(hotel: hotel!.model, description: description!, imageURLs: imageURLs ?? []))
        case "fault":
            return .fault(
                SOAPFault(
                    version: SOAPVersion(rawValue: version!)!, code: SOAPFault.Code(rawValue: code!),
                    subcode: subcode.map(SOAPFault.Subcode.init(rawValue:)), reason: reason!,
                    detail: detail.map { SearchFault(code: SearchFaultCode(rawValue: $0.code), message: $0.message, field: $0.field) }))
        case "searchRequest":
            return .searchHotels(query!.model)
        case "getHotelRequest":
            return .getHotel(id: hotelId!)
        default:
            return nil
        }
    }

    static func load(for sample: String) throws -> Expected {
        let data = try Fixtures.sample(Fixtures.expectedName(for: sample))
        return try JSONDecoder().decode(Expected.self, from: data)
    }
}
