import Foundation

/// One hotel as the service describes it: a `Hotel` element of the contract.
///
/// ```swift
/// let page = try SOAPMessageParser.parseSearchPage(data)
/// for hotel in page.hotels { print(hotel.name, hotel.price) }
/// ```
public struct HotelInfo: Sendable, Equatable, Hashable {
    public var id: String
    public var name: String
    public var address: String
    public var city: String
    /// ISO 3166-1 alpha-2 code, e.g. `KR`.
    public var country: String
    public var latitude: Double
    public var longitude: Double
    /// 0 (unrated) to 5.
    public var stars: Int
    public var price: Money
    /// Present only when the query gave `Near`.
    public var distanceKm: Double?
    public var logoURL: String?
    public var phone: String?
    public var amenities: [String]

    public init(
        id: String, name: String, address: String, city: String, country: String,
        latitude: Double, longitude: Double, stars: Int, price: Money,
        distanceKm: Double? = nil, logoURL: String? = nil, phone: String? = nil,
        amenities: [String] = []
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.stars = stars
        self.price = price
        self.distanceKm = distanceKm
        self.logoURL = logoURL
        self.phone = phone
        self.amenities = amenities
    }
}

/// An amount in a currency. `Decimal`, never `Double`: prices must survive a round trip exactly.
public struct Money: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var amount: Decimal
    /// ISO 4217 code, e.g. `EUR`.
    public var currency: String

    public init(_ amount: Decimal, _ currency: String) {
        self.amount = amount
        self.currency = currency
    }

    public var description: String { "\(amount) \(currency)" }
}
