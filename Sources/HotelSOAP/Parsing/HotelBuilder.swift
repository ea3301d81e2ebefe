import Foundation

typealias InvalidValue = (_ field: String, _ problem: String, _ value: String?) -> Void

/// Collects the fields of one `Hotel` element; `build` checks the required ones.
struct HotelBuilder {
    static let fields = ElementName.Set([
        .HotelId, .Name, .Address, .City, .Country, .Latitude, .Longitude, .Stars, .Price,
        .DistanceKm, .LogoURL, .Phone, .Amenity,
    ])

    var id: String?
    var name: String?
    var address: String?
    var city: String?
    var country: String?
    var latitude: Double?
    var longitude: Double?
    var stars: Int?
    var price: Money?
    var distanceKm: Double?
    var logoURL: String?
    var phone: String?
    var amenities: [String] = []

    mutating func set(_ field: ElementName, buffer: TextBuffer, currency: String?, fail: InvalidValue) {
        let text = buffer.bytes
        let string = { buffer.string }
        switch field {
        case .HotelId: id = string()
        case .Name: name = string()
        case .Address: address = string()
        case .City: city = string()
        case .Country: country = buffer.trimmedString
        case .Latitude: latitude = double(text, "Hotel/Latitude", range: -90...90, fail)
        case .Longitude: longitude = double(text, "Hotel/Longitude", range: -180...180, fail)
        case .DistanceKm: distanceKm = double(text, "Hotel/DistanceKm", range: 0...Double.greatestFiniteMagnitude, fail)
        case .Stars:
            guard let n = IntegerText.parse(text), (0...5).contains(n) else {
                return fail("Hotel/Stars", "must be an integer from 0 to 5", string())
            }
            stars = n
        case .Price:
            guard let amount = DecimalText.parse(text) else {
                return fail("Hotel/Price", "is not a decimal number", string())
            }
            guard let currency, !currency.isEmpty else {
                return fail("Hotel/Price/@currency", "is required", nil)
            }
            price = Money(amount, currency)
        case .LogoURL: logoURL = buffer.trimmedString
        case .Phone: phone = string()
        case .Amenity: amenities.append(string())
        default: break
        }
    }

    private func double(_ text: UnsafeBufferPointer<UInt8>, _ field: String, range: ClosedRange<Double>, _ fail: InvalidValue) -> Double? {
        guard let value = DoubleText.parse(text), range.contains(value) else {
            fail(field, "must be a number from \(range.lowerBound.clean) to \(range.upperBound.clean)", String(decoding: text, as: UTF8.self))
            return nil
        }
        return value
    }

    /// Moves the fields out (`take()`: no copy, no retain/release pair) into a `HotelInfo`,
    /// leaving the builder empty for the next hotel.
    mutating func build(fail: InvalidValue) -> HotelInfo? {
        guard let id = id.take() else { fail("Hotel/HotelId", "is required", nil); return nil }
        guard name != nil, address != nil, city != nil, country != nil, latitude != nil,
              longitude != nil, stars != nil, price != nil else {
            let missing = [("Name", name == nil), ("Address", address == nil), ("City", city == nil),
                           ("Country", country == nil), ("Latitude", latitude == nil), ("Longitude", longitude == nil),
                           ("Stars", stars == nil), ("Price", price == nil)].first { $0.1 }?.0 ?? "Name"
            fail("Hotel/\(missing)", "is required (hotel \(id))", nil)
            return nil
        }
        guard let name = name.take(), let address = address.take(), let city = city.take(),
              let country = country.take(), let latitude = latitude.take(), let longitude = longitude.take(),
              let stars = stars.take(), let price = price.take() else { return nil }
        let hotel = HotelInfo(
            id: id, name: name, address: address, city: city, country: country,
            latitude: latitude, longitude: longitude, stars: stars, price: price,
            distanceKm: distanceKm.take(), logoURL: logoURL.take(), phone: phone.take(), amenities: amenities)
        amenities = []
        return hotel
    }
}

/// Collects `Near` in a request.
struct NearBuilder {
    var latitude: [UInt8]?
    var longitude: [UInt8]?
    var radiusKm: [UInt8]?

    mutating func set(_ field: ElementName, text: [UInt8]) {
        switch field {
        case .Latitude: latitude = text
        case .Longitude: longitude = text
        default: radiusKm = text
        }
    }

    /// Range checks are the service's job (it answers with a fault naming the field);
    /// here a value only has to be a number.
    func build(fail: InvalidValue) -> GeoCircle? {
        func number(_ text: [UInt8]?, _ field: String) -> Double? {
            guard let text else { fail("Near/\(field)", "is required", nil); return nil }
            guard let value = DoubleText.parse(text) else {
                fail("Near/\(field)", "is not a number", String(decoding: text, as: UTF8.self))
                return nil
            }
            return value
        }
        guard let lat = number(latitude, "Latitude"), let lon = number(longitude, "Longitude"),
              let radius = number(radiusKm, "RadiusKm") else { return nil }
        return GeoCircle(latitude: lat, longitude: lon, radiusKm: radius)
    }
}

/// Collects a SOAP 1.1 or 1.2 fault.
struct FaultBuilder {
    struct Detail {
        var code = ""
        var message = ""
        var field: String?
    }

    var code = ""
    var subcode: String?
    var reason: String?
    private var reasonIsEnglish = false
    var detail: Detail?

    /// SOAP 1.2 may give the reason in several languages: prefer English, else the first.
    mutating func offerReason(_ text: String, lang: String?) {
        let english = lang.map { $0.lowercased() == "en" || $0.lowercased().hasPrefix("en-") } ?? false
        if reason == nil || (english && !reasonIsEnglish) {
            reason = text
            reasonIsEnglish = english
        }
    }

    func build(version: SOAPVersion) -> SOAPFault {
        SOAPFault(
            version: version, code: code, subcode: subcode, reason: reason ?? "",
            detail: detail.map { SearchFault(code: $0.code, message: $0.message, field: $0.field) })
    }
}

extension Double {
    /// `90` rather than `90.0` in messages.
    var clean: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension HotelBuilder {
    /// Clears every field, keeping nothing from the previous hotel.
    mutating func reset() {
        if id != nil || name != nil || price != nil { self = HotelBuilder() }
        amenities.removeAll(keepingCapacity: false)
    }
}
