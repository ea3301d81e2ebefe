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

    /// Whether path `p`'s value goes into its field: a better-ranked alternative than the
    /// value there replaces it (and `replacing` says so), the same alternative again only
    /// for joined, repeated and smallest-taken fields, a worse one never.
    @inline(__always)
    func takes(_ p: Int, repeated: Bool = false) -> (takes: Bool, replacing: Bool) {
        let shift = UInt64(fieldSlot[p] &* 4)
        let current = Int(truncatingIfNeeded: (row.ranks >> shift) & 0xF)
        let rank = rank[p]
        if rank < current {
            row.ranks = row.ranks & ~(0xF << shift) | (UInt64(truncatingIfNeeded: rank) << shift)
            return (true, true)
        }
        return (rank == current && (repeated || takesRepeats[p]), false)
    }

    /// A text field's value from path `p`: the first match of its best alternative, or
    /// every match joined. `current` is only read to join, so the usual case copies nothing.
    @inline(__always)
    func text(
        _ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool, shared: Bool = false, into field: inout String?
    ) {
        let (takes, replacing) = takes(p)
        guard takes else { return }
        let value = shared ? self.shared(bytes, fromAttribute: fromAttribute) : string(bytes, fromAttribute: fromAttribute)
        if replacing {
            field = value
        } else if let joined = joined(p, field, value) {
            field = joined
        }
    }

    /// `join`: the value after the ones before it, blank ones left out.
    func joined(_ p: Int, _ current: String?, _ value: String) -> String? {
        guard let separator = options[p].join, let current else { return value }
        if value.isEmpty { return nil }
        return current.isEmpty ? value : current + String(decoding: separator, as: UTF8.self) + value
    }

    func set(_ field: HotelField, _ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) throws(BodyReadFailure) {
        guard isSoleFirst[p] else { return try setRanked(field, p, bytes, fromAttribute: fromAttribute) }
        // The field's only path, first match wins: no ranks to keep (most fields of most files).
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
        case .price:
            guard !row.hasPrice else { return }
            row.price.removeAll(keepingCapacity: true)
            row.price.append(contentsOf: bytes.trimmingXMLSpace)
            row.hasPrice = true
        case .distance, .stars: try setRanked(field, p, bytes, fromAttribute: fromAttribute)
        }
    }

    /// A field with alternatives, `join` or `take: min` (and distance and stars, whose
    /// conversions are written once, below).
    func setRanked(_ field: HotelField, _ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) throws(BodyReadFailure) {
        switch field {
        case .id: text(p, bytes, fromAttribute: fromAttribute, into: &row.id)
        case .name: text(p, bytes, fromAttribute: fromAttribute, into: &row.name)
        case .address: text(p, bytes, fromAttribute: fromAttribute, into: &row.address)
        case .city: text(p, bytes, fromAttribute: fromAttribute, shared: true, into: &row.city)
        case .country: text(p, bytes, fromAttribute: fromAttribute, shared: true, into: &row.country)
        case .currency: text(p, bytes, fromAttribute: fromAttribute, shared: true, into: &row.currency)
        case .logo: text(p, bytes, fromAttribute: fromAttribute, into: &row.logo)
        case .phone: text(p, bytes, fromAttribute: fromAttribute, into: &row.phone)
        case .amenities:
            let (takes, replacing) = takes(p, repeated: true)
            guard takes else { return }
            if replacing { row.amenities.removeAll() }
            let amenity = shared(bytes, fromAttribute: fromAttribute)
            if !amenity.isEmpty { row.amenities.append(amenity) }
        case .latitude: if takes(p).replacing { row.latitude = try number(p, bytes, -90...90) }
        case .longitude: if takes(p).replacing { row.longitude = try number(p, bytes, -180...180) }
        case .distance:
            if takes(p).replacing {
                let km = try number(p, bytes, 0...Double.greatestFiniteMagnitude, scale: program.distanceInMiles ? 1.609344 : 1)
                // Miles to km leaves binary noise (1.3 mi → 2.0921472000000003). A tenth of a
                // millimetre is finer than any hotel distance, and keeps a mile figure with one
                // decimal exact (1.609344 has six).
                row.distance = program.distanceInMiles ? (km * 10_000_000).rounded() / 10_000_000 : km
            }
        case .stars:
            guard takes(p).replacing else { return }
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
            try setPrice(p, bytes, places: nil)
        }
    }

    /// A price; `places` is the amount's own element's decimal places when the path has them.
    func setPrice(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, places: UnsafeBufferPointer<UInt8>?) throws(BodyReadFailure) {
        let (takes, replacing) = takes(p)
        guard takes else { return }
        let amount = bytes.trimmingXMLSpace
        let ownPlaces = options[p].placesAttribute != nil
        if !replacing {
            // take: min, the same alternative again: only a smaller amount replaces.
            let candidate = try money(
                Array(amount), places: ownPlaces ? places.map(Array.init) : row.places, ownPlaces: ownPlaces, currency: "")
            let kept = try money(
                row.price, places: row.hasOwnPlaces ? row.ownPlaces : row.places, ownPlaces: row.hasOwnPlaces, currency: "")
            guard candidate.amount < kept.amount else { return }
        }
        row.price.removeAll(keepingCapacity: true)
        row.price.append(contentsOf: amount)
        row.hasPrice = true
        row.hasOwnPlaces = ownPlaces
        row.ownPlaces = ownPlaces ? places.map(Array.init) : nil
    }
}
