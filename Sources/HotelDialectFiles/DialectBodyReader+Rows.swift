import Foundation
import HotelSOAP
import HotelXML

// A hotel element ended: its row is built, and handed out or held for its group.
extension DialectBodyReader {
    func endHotel() throws {
        // Services that repeat a hotel per room may leave a room without a rate of its own
        // (OpenTravel: a RoomStay priced only through another); a row of a group already
        // seen adds nothing without a price, so it is passed over rather than refused.
        if program.groupBy, kind != .detail, !row.hasPrice, let key = row.groupKey,
            heldIndex[key] != nil || handedOutEarly.contains(key)
        {
            return
        }
        let hotel = try build()
        if kind == .detail {
            if detailHotel == nil { detailHotel = hotel }
            return
        }
        guard program.groupBy else { return try emit(hotel, ranks: row.ranks) }
        guard let key = row.groupKey else {
            held.append(hotel)
            heldKeys.append(nil)
            if onTracedHotel != nil { heldRanks.append(row.ranks) }
            return try handOutEarly()
        }
        if let i = heldIndex[key] {
            if let kept = held[i]?.price, kept.currency == hotel.price.currency, hotel.price.amount < kept.amount {
                held[i]?.price = hotel.price
                if onTracedHotel != nil {
                    let mask = UInt64(0xF) << UInt64(HotelField.allCases.firstIndex(of: .price)! * 4)
                    heldRanks[i] = heldRanks[i] & ~mask | row.ranks & mask
                }
            }
            return
        }
        if handedOutEarly.contains(key) {
            warnings.append(
                "a row for \(key) came after its hotel was handed out (more than \(maxHeld) hotels held on one page); its price was not compared"
            )
            return
        }
        heldIndex[key] = held.count
        held.append(hotel)
        heldKeys.append(key)
        if onTracedHotel != nil { heldRanks.append(row.ranks) }
        try handOutEarly()
    }

    func handOutEarly() throws {
        while held.count - firstHeld > maxHeld {
            if let hotel = held[firstHeld] {
                if let key = heldKeys[firstHeld] {
                    heldIndex[key] = nil
                    handedOutEarly.insert(key)
                }
                try emit(hotel, ranks: heldRanks.isEmpty ? .max : heldRanks[firstHeld])
            }
            held[firstHeld] = nil
            firstHeld += 1
        }
    }

    func emitHeld() throws {
        while firstHeld < held.count {
            let hotel = held[firstHeld]
            let ranks = heldRanks.isEmpty ? .max : heldRanks[firstHeld]
            held[firstHeld] = nil
            firstHeld += 1
            if let hotel { try emit(hotel, ranks: ranks) }
        }
        held.removeAll()
        heldKeys.removeAll()
        heldRanks.removeAll()
        firstHeld = 0
        heldIndex.removeAll()
    }

    func emit(_ hotel: HotelInfo, ranks: UInt64) throws {
        hotelsRead += 1
        if let onTracedHotel { return try onTracedHotel(hotel, ranks) }
        if let onHotel { try onHotel(hotel) } else { hotels.append(hotel) }
    }

    func required(_ field: HotelField, _ problem: String) -> BodyReadFailure {
        let path = program.fieldPath[field] ?? ""
        return .invalid("\(field.rawValue) (\(path))", problem, nil)
    }

    /// The row as a `HotelInfo`: id, price and currency required, the rest empty, 0 or nil when missing.
    func build() throws(BodyReadFailure) -> HotelInfo {
        guard let id = row.id, !id.isEmpty else { throw required(.id, "is required: a hotel element has no value for it") }
        guard row.hasPrice else { throw required(.price, "is required (hotel \(id))") }
        guard let currency = row.currency, !currency.isEmpty else { throw required(.currency, "is required (hotel \(id))") }
        let price = try money(
            row.price, places: row.hasOwnPlaces ? row.ownPlaces : row.places, ownPlaces: row.hasOwnPlaces, currency: currency, id: id)
        return HotelInfo(
            id: id, name: row.name ?? "", address: row.address ?? "", city: row.city ?? "", country: row.country ?? "",
            latitude: row.latitude ?? 0, longitude: row.longitude ?? 0, stars: row.stars ?? 0, price: price, distanceKm: row.distance,
            logoURL: row.logo, phone: row.phone, amenities: row.amenities)
    }

    /// The amount `price` with its decimal places: `places` (from a path) when given, else
    /// the file's constant; an integer with places is in minor units.
    func money(_ price: [UInt8], places placesText: [UInt8]?, ownPlaces: Bool, currency: String, id: String? = nil)
        throws(BodyReadFailure)
        -> Money
    {
        // The label and the text as written are for messages only: built per hotel they
        // cost a tenth of the dialect's overhead over the built-in reader.
        var label: String { "price (\(program.fieldPath[.price] ?? ""))" }
        var written: String { String(decoding: price, as: UTF8.self) }
        var places = program.decimalPlacesConstant
        if program.hasDecimalPlacesPath || ownPlaces, let text = placesText {
            guard let n = IntegerText.parse(text), (0...18).contains(n) else {
                let hotel = id.map { " (hotel \($0))" } ?? ""
                throw .invalid("price decimalPlaces", "must be a whole number from 0 to 18\(hotel)", String(decoding: text, as: UTF8.self))
            }
            places = n
        }
        if let places, places > 0 {
            // An amount in minor units: 18900 with 2 places is 189.00.
            if let minor = price.withUnsafeBufferPointer({ IntegerText.parse($0) }) {
                let (value, text) = DecimalText.minorUnits(minor, places: places)
                return Money(value, currency, scale: places, text: text)
            }
            // Already written with a point: read as it is.
            guard price.contains(UInt8(ascii: ".")), let decimal = price.withUnsafeBufferPointer({ DecimalText.parseWithText($0) }) else {
                throw .invalid(label, "is not a whole number of minor units (\(places) decimal places)", written)
            }
            return Money(decimal.value, currency, scale: decimal.scale, text: decimal.text)
        }
        guard let decimal = price.withUnsafeBufferPointer({ DecimalText.parseWithText($0) }) else {
            throw .invalid(label, "is not a decimal number", written)
        }
        return Money(decimal.value, currency, scale: decimal.scale, text: decimal.text)
    }
}
