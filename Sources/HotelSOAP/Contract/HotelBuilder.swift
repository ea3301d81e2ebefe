import Foundation
import HotelXML

typealias InvalidValue = (_ field: String, _ problem: String, _ value: String?) -> Void

/// Collects the fields of one `Hotel` element; `build` checks the required ones.
struct HotelBuilder {
    /// The fields of `Hotel`. A switch rather than a static set: a static costs a
    /// `swift_once` check on every element.
    @inline(__always)
    static func isField(_ name: ElementName) -> Bool {
        switch name {
        case .HotelId, .Name, .Address, .City, .Country, .Latitude, .Longitude, .Stars, .Price,
            .DistanceKm, .LogoURL, .Phone, .Amenity:
            return true
        default:
            return false
        }
    }

    var id: String?
    var name: String?
    var address: String?
    var city: String?
    var country: String?
    var latitude: Double?
    var longitude: Double?
    var stars: Int?
    // `Money` holds a `Decimal`, a resilient type of another module, so an optional
    // `Money` is copied, compared and destroyed through runtime metadata: keep the parts
    // in plain stored properties and build `Money` once, in `build()`.
    var amount = Decimal()
    /// Digits after the point as the price was written.
    var amountScale = 0
    /// The price as `Money.amountText` spells it, when the digits allowed.
    var amountText: String?
    /// The `currency` attribute of `Price`, stored as the element starts.
    var currency: String?
    /// Set once `Price` has closed with a valid amount and currency.
    var hasPrice = false
    var distanceKm: Double?
    var logoURL: String?
    var phone: String?
    var amenities: [String] = []

    /// Stores one field from its text. Hot: called for every field of every hotel, so it
    /// reports a bad value by throwing (typed, no allocation) rather than through a
    /// callback closure, builds a `String` only for text fields, and takes the values
    /// that repeat from hotel to hotel (city, country, amenities) from `interner`.
    mutating func set(_ field: ElementName, buffer: borrowing TextBuffer, interner: inout StringInterner) throws(FieldProblem) {
        let text = buffer.bytes
        switch field {
        case .HotelId: id = buffer.string
        case .Name: name = buffer.string
        case .Address: address = buffer.string
        case .City: city = interner.string(text)
        case .Country: country = interner.string(text.trimmingXMLSpace)
        case .Latitude: latitude = try double(text, "Hotel/Latitude", range: -90...90)
        case .Longitude: longitude = try double(text, "Hotel/Longitude", range: -180...180)
        case .DistanceKm: distanceKm = try double(text, "Hotel/DistanceKm", range: 0...Double.greatestFiniteMagnitude)
        case .Stars:
            guard let n = IntegerText.parse(text), (0...5).contains(n) else {
                throw FieldProblem("Hotel/Stars", "must be an integer from 0 to 5", buffer.string)
            }
            stars = n
        case .Price:
            // `currency` was set from the attribute when the element started.
            guard let (amount, scale, amountText) = DecimalText.parseWithText(text) else {
                throw FieldProblem("Hotel/Price", "is not a decimal number", buffer.string)
            }
            guard let currency, !currency.isEmpty else {
                throw FieldProblem("Hotel/Price/@currency", "is required", nil)
            }
            self.amount = amount
            amountScale = scale
            self.amountText = amountText
            hasPrice = true
        case .LogoURL: logoURL = buffer.trimmedString
        case .Phone: phone = buffer.string
        case .Amenity: amenities.append(interner.string(text))
        default: break
        }
    }

    private func double(_ text: UnsafeBufferPointer<UInt8>, _ field: String, range: ClosedRange<Double>) throws(FieldProblem) -> Double {
        guard let value = DoubleText.parse(text), range.contains(value) else {
            throw FieldProblem(
                field, "must be a number from \(range.lowerBound.clean) to \(range.upperBound.clean)", String(decoding: text, as: UTF8.self)
            )
        }
        return value
    }

    /// Moves the fields out (`take()`: no copy, no retain/release pair) into a `HotelInfo`,
    /// leaving the builder empty for the next hotel.
    mutating func build() throws(FieldProblem) -> HotelInfo {
        guard let id = id.take() else { throw FieldProblem("Hotel/HotelId", "is required", nil) }
        guard name != nil, address != nil, city != nil, country != nil, latitude != nil,
            longitude != nil, stars != nil, hasPrice
        else {
            let missing =
                [
                    ("Name", name == nil), ("Address", address == nil), ("City", city == nil),
                    ("Country", country == nil), ("Latitude", latitude == nil), ("Longitude", longitude == nil),
                    ("Stars", stars == nil), ("Price", !hasPrice),
                ].first { $0.1 }?.0 ?? "Name"
            throw FieldProblem("Hotel/\(missing)", "is required (hotel \(id))", nil)
        }
        var list: [String] = []
        swap(&list, &amenities)
        hasPrice = false
        return HotelInfo(
            id: id, name: name.take()!, address: address.take()!, city: city.take()!, country: country.take()!,
            latitude: latitude.take()!, longitude: longitude.take()!, stars: stars.take()!,
            price: Money(amount, currency.take()!, scale: amountScale, text: amountText.take()),
            distanceKm: distanceKm.take(), logoURL: logoURL.take(), phone: phone.take(), amenities: list)
    }
}

/// A field whose value the contract does not allow, as `SOAPParseError` reports it.
struct FieldProblem: Error {
    var field: String
    var problem: String
    var value: String?

    init(_ field: String, _ problem: String, _ value: String?) {
        self.field = field
        self.problem = problem
        self.value = value
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
            guard let text else {
                fail("Near/\(field)", "is required", nil)
                return nil
            }
            guard let value = DoubleText.parse(text) else {
                fail("Near/\(field)", "is not a number", String(decoding: text, as: UTF8.self))
                return nil
            }
            return value
        }
        guard let lat = number(latitude, "Latitude"), let lon = number(longitude, "Longitude"),
            let radius = number(radiusKm, "RadiusKm")
        else { return nil }
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
            version: version, code: SOAPFault.Code(rawValue: code), subcode: subcode.map(SOAPFault.Subcode.init(rawValue:)),
            reason: reason ?? "",
            detail: detail.map { SearchFault(code: SearchFaultCode(rawValue: $0.code), message: $0.message, field: $0.field) })
    }
}

extension Double {
    /// `90` rather than `90.0` in messages.
    var clean: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension HotelBuilder {
    /// Clears every field, keeping nothing from the previous hotel.
    mutating func reset() {
        if id != nil || name != nil || currency != nil || hasPrice { self = HotelBuilder() }
        amenities.removeAll(keepingCapacity: false)
    }
}
