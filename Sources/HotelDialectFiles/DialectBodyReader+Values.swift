import Foundation
import HotelSOAP
import HotelXML

// A matched field's text becomes the row's value: conversions, numbers, strings.
extension DialectBodyReader {
    // MARK: Values

    /// How messages name path `p`: `latitude (h:Geo/@lat)`.
    func label(_ p: Int) -> String {
        let path = program.paths[p]
        switch path.target {
        case .field(let field): return "\(field.rawValue) (\(path.text))"
        case .decimalPlaces: return "price decimalPlaces (\(path.text))"
        case .total: return "paging total (\(path.text))"
        case .offset: return "paging offset (\(path.text))"
        default: return path.text
        }
    }

    func string(_ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) -> String {
        let trimmed = bytes.trimmingXMLSpace
        return fromAttribute ? SAXAttributes.string(trimmed) : String(decoding: trimmed, as: UTF8.self)
    }

    /// A short repeated value (a city, a currency, an amenity) without a new `String` each time.
    func shared(_ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) -> String {
        let trimmed = bytes.trimmingXMLSpace
        if fromAttribute, trimmed.contains(UInt8(ascii: "&")) { return SAXAttributes.string(trimmed) }
        return interner.string(trimmed)
    }

    func deliver(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) throws(BodyReadFailure) {
        switch targets[p] {
        case .field(let field):
            try set(field, p, bytes, fromAttribute: fromAttribute)
        case .decimalPlaces:
            if row.places == nil { row.places = Array(bytes.trimmingXMLSpace) }
        case .groupKey:
            if row.groupKey == nil { row.groupKey = string(bytes, fromAttribute: fromAttribute) }
        case .error:
            let message = string(bytes, fromAttribute: fromAttribute)
            if !message.isEmpty { errors.append(message) }
        case .warning:
            let message = string(bytes, fromAttribute: fromAttribute)
            if !message.isEmpty { warnings.append(message) }
        case .total:
            if total == nil { total = try integer(p, bytes) }
        case .offset:
            if offset == nil { offset = try integer(p, bytes) }
        case .nextToken:
            if nextToken == nil {
                let token = string(bytes, fromAttribute: fromAttribute)
                if !token.isEmpty { nextToken = token }
            }
        case .description:
            if detailDescription == nil { detailDescription = string(bytes, fromAttribute: fromAttribute) }
        case .hotel:
            break
        }
    }

    func integer(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws(BodyReadFailure) -> Int {
        guard let n = IntegerText.parse(bytes), n >= 0 else {
            throw .invalid(label(p), "must be a whole number of at least 0", String(decoding: bytes, as: UTF8.self))
        }
        return n
    }

    func number(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ range: ClosedRange<Double>, scale: Double = 1)
        throws(BodyReadFailure)
        -> Double
    {
        guard let value = DoubleText.parse(bytes).map({ $0 * scale }), range.contains(value) else {
            let upper = range.upperBound == .greatestFiniteMagnitude ? "" : " to \(Self.clean(range.upperBound))"
            throw .invalid(
                label(p), "must be a number from \(Self.clean(range.lowerBound))\(upper)", String(decoding: bytes, as: UTF8.self))
        }
        return value
    }

    static func clean(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    func set(_ field: HotelField, _ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) throws(BodyReadFailure) {
        switch field {
        case .id: if row.id == nil { row.id = string(bytes, fromAttribute: fromAttribute) }
        case .name: if row.name == nil { row.name = string(bytes, fromAttribute: fromAttribute) }
        case .address: if row.address == nil { row.address = string(bytes, fromAttribute: fromAttribute) }
        case .city: if row.city == nil { row.city = shared(bytes, fromAttribute: fromAttribute) }
        case .country: if row.country == nil { row.country = shared(bytes, fromAttribute: fromAttribute) }
        case .currency: if row.currency == nil { row.currency = shared(bytes, fromAttribute: fromAttribute) }
        case .logo: if row.logo == nil { row.logo = string(bytes, fromAttribute: fromAttribute) }
        case .phone: if row.phone == nil { row.phone = string(bytes, fromAttribute: fromAttribute) }
        case .amenities:
            let amenity = shared(bytes, fromAttribute: fromAttribute)
            if !amenity.isEmpty { row.amenities.append(amenity) }
        case .latitude: if row.latitude == nil { row.latitude = try number(p, bytes, -90...90) }
        case .longitude: if row.longitude == nil { row.longitude = try number(p, bytes, -180...180) }
        case .distance:
            if row.distance == nil {
                let km = try number(p, bytes, 0...Double.greatestFiniteMagnitude, scale: program.distanceInMiles ? 1.609344 : 1)
                // Miles to km leaves binary noise (1.3 mi → 2.0921472000000003). A tenth of a
                // millimetre is finer than any hotel distance, and keeps a mile figure with one
                // decimal exact (1.609344 has six).
                row.distance = program.distanceInMiles ? (km * 10_000_000).rounded() / 10_000_000 : km
            }
        case .stars:
            guard row.stars == nil else { return }
            let stars = program.starsConvert ? StarRating.parse(bytes) : StarRating.number(bytes)
            guard let stars else {
                let what =
                    program.starsConvert
                    ? "is not a star rating from 0 to 5 (a number, stars like ****, or a code with one digit)"
                    : "must be a number from 0 to 5"
                throw .invalid(label(p), what, String(decoding: bytes, as: UTF8.self))
            }
            row.stars = stars
        case .price:
            guard !row.hasPrice else { return }
            row.price.removeAll(keepingCapacity: true)
            row.price.append(contentsOf: bytes.trimmingXMLSpace)
            row.hasPrice = true
        }
    }
}
