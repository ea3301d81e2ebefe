import ArgumentParser
import Foundation
import HotelSOAP

/// The filters of a search, shared by `search` and `browse`.
struct QueryOptions: ParsableArguments {
    @Option(help: "Only hotels in this city (case and accents ignored).")
    var city: String?

    @Option(help: ArgumentHelp("Only hotels in this IATA city code (OpenTravel's HotelCityCode; --dialect ota).", valueName: "code"))
    var cityCode: String?

    @Option(help: "Only hotels whose name contains this text.")
    var name: String?

    @Option(help: ArgumentHelp("Only hotels near this point (with --radius).", valueName: "lat,lon"))
    var near: String?

    @Option(help: ArgumentHelp("Radius around --near, in kilometres.", valueName: "km"))
    var radius: Double?

    @Option(help: "Only hotels with at least this many stars (0…5).")
    var minStars: Int?

    @Option(help: "Only hotels costing at most this much (in --currency, default USD).")
    var maxPrice: String?

    @Option(help: "Currency of --max-price (ISO 4217, e.g. EUR).")
    var currency: String?

    @Option(help: ArgumentHelp("Check-in day.", valueName: "YYYY-MM-DD"))
    var checkIn: String?

    @Option(help: ArgumentHelp("Check-out day.", valueName: "YYYY-MM-DD"))
    var checkOut: String?

    @Option(help: "Number of guests.")
    var guests: Int?

    @Option(help: "Only hotels with this amenity (repeat for several: wifi, pool, spa, gym, parking, …).")
    var amenity: [String] = []

    @Option(help: "Order: relevance, price, stars, distance (needs --near) or name.")
    var sort: HotelSOAP.SortOrder?

    /// The query, or a usage error naming the flag.
    func query() throws -> HotelQuery {
        var query = HotelQuery(
            city: city, name: name, minStars: minStars, currency: currency?.uppercased(), guests: guests, amenities: amenity, sortBy: sort,
            cityCode: cityCode)
        if let near {
            let parts = near.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lat = parts[0], let lon = parts[1], (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw ValidationError("--near must be LAT,LON with latitude -90…90 and longitude -180…180, e.g. --near 37.5665,126.978")
            }
            guard let radius, radius > 0, radius <= 20_000 else {
                throw ValidationError("--near needs --radius KM (greater than 0, at most 20000)")
            }
            query.near = GeoCircle(latitude: lat, longitude: lon, radiusKm: radius)
        } else if radius != nil {
            throw ValidationError("--radius needs --near LAT,LON")
        }
        if let minStars, !(0...5).contains(minStars) { throw ValidationError("--min-stars must be 0…5") }
        if let maxPrice {
            guard let value = Decimal(string: maxPrice, locale: Locale(identifier: "en_US_POSIX")), value >= 0,
                maxPrice.allSatisfy({ $0.isNumber || $0 == "." })
            else {
                throw ValidationError("--max-price must be a number such as 150 or 99.50")
            }
            query.maxPrice = value
        }
        if let checkIn {
            guard let date = CalendarDate(checkIn) else { throw ValidationError("--check-in must be a date like 2026-12-01") }
            query.checkIn = date
        }
        if let checkOut {
            guard let date = CalendarDate(checkOut) else { throw ValidationError("--check-out must be a date like 2026-12-03") }
            query.checkOut = date
        }
        if let a = query.checkIn, let b = query.checkOut, b <= a { throw ValidationError("--check-out must be after --check-in") }
        if sort == .distance && query.near == nil { throw ValidationError("--sort distance needs --near LAT,LON --radius KM") }
        return query
    }
}

extension HotelSOAP.SortOrder: ExpressibleByArgument {}
extension SOAPVersion: ExpressibleByArgument {}
