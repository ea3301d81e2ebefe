import Foundation

/// One hotel as the service describes it: a `Hotel` element of the contract.
///
/// ```swift
/// let page = try SOAPMessageParser.parseSearchPage(data)
/// for hotel in page.hotels { print(hotel.name, hotel.price) }
/// ```
public struct HotelInfo: Sendable, Equatable, Hashable {
    /// The `HotelId`: the key `GetHotel` takes (our service: `H0000001`…).
    public var id: String
    /// The hotel's name, possibly in the local script.
    public var name: String
    /// The postal address as one string, in the local or the English form.
    public var address: String
    /// The city, as `HotelQuery.city` matches it, e.g. `Zürich`.
    public var city: String
    /// ISO 3166-1 alpha-2 code, e.g. `KR`.
    public var country: String
    /// Degrees, -90…90, north positive.
    public var latitude: Double
    /// Degrees, -180…180, east positive.
    public var longitude: Double
    /// 0 (unrated) to 5.
    public var stars: Int
    /// The rate for one night, in the hotel's own currency: our service does not convert
    /// it to `HotelQuery.currency`.
    public var price: Money
    /// Present only when the query gave `Near`.
    public var distanceKm: Double?
    /// URL of the hotel's logo image (our service: a PNG); nil when none was sent.
    public var logoURL: String?
    /// As the hotel writes it, e.g. `+82 2-1234-5678`; nil when none was sent.
    public var phone: String?
    /// Amenity names, e.g. `wifi`, `pool`; empty when none were sent.
    public var amenities: [String]
    /// Every room and rate offered, in document order, when the response lists them
    /// (OpenTravel's `RoomStay`s: `price` is the cheapest); empty for our contract, whose
    /// `Hotel` has one price.
    public var rooms: [RoomOffer]

    /// The optional fields default to absent: no `distanceKm`, `logoURL`, `phone`, amenities or rooms.
    public init(
        id: String, name: String, address: String, city: String, country: String,
        latitude: Double, longitude: Double, stars: Int, price: Money,
        distanceKm: Double? = nil, logoURL: String? = nil, phone: String? = nil,
        amenities: [String] = [], rooms: [RoomOffer] = []
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
        self.rooms = rooms
    }

    /// `==` but for `distanceKm`, the one field that depends on the query rather than the
    /// hotel; without copying either (a copy retains every string). A field added to the
    /// model must be added here too (`HotelInfoTests` checks the list against the type).
    public func equalsIgnoringDistance(_ other: HotelInfo) -> Bool {
        id == other.id && name == other.name && address == other.address && city == other.city && country == other.country
            && latitude == other.latitude && longitude == other.longitude && stars == other.stars && price == other.price
            && logoURL == other.logoURL && phone == other.phone && amenities == other.amenities && rooms == other.rooms
    }

    /// The stored properties `equalsIgnoringDistance` compares, for the test that keeps it whole.
    static let comparedIgnoringDistance = [
        "id", "name", "address", "city", "country", "latitude", "longitude", "stars", "price", "logoURL", "phone", "amenities", "rooms",
    ]
}
