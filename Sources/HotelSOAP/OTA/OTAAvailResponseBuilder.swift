import Foundation

/// Builds `HotelInfo`s from the events of an `OTA_HotelAvailRS` subtree, which
/// `SOAPMessageHandler` forwards to it from the root's start tag to its end tag.
///
/// OTA has no hotel element: a hotel is the `BasicPropertyInfo` of its `RoomStay`s, one
/// per room type or rate. Consecutive `RoomStay`s with the same `HotelCode` are one hotel,
/// priced at the cheapest `Total`; it is handed out when a `RoomStay` of another hotel
/// ends, or `RoomStays` does, so memory stays flat however many hotels there are.
/// Unknown elements (`TPA_Extensions`, `RoomRates` details, other namespaces) are skipped
/// with their subtree, as partners add their own.
final class OTAAvailResponseBuilder: OTASubtreeReader {
    let rootName = OTA.availResponse
    /// A partner may answer with a SOAP fault instead of `Errors`.
    let acceptsFault = true

    private let onHotel: ((HotelInfo) throws -> Void)?
    private(set) var hotels: [HotelInfo] = []
    private(set) var hotelsRead = 0
    private(set) var success = false
    private(set) var errors: [OTAMessageNote] = []
    private(set) var warnings: [OTAMessageNote] = []
    /// `RoomStays@MoreIndicator` (our server and several partners put the token there).
    private(set) var moreIndicator: String?
    /// The last `RoomStay@MoreDataEchoToken`, the schema's place for the token.
    private(set) var moreDataEchoToken: String?

    /// Local names from the root (exclusive) down.
    private var path: [String] = []
    private var skipDepth = 0
    private var text: [UInt8]?
    private var note = OTAMessageNote()
    private var stay = Stay()
    /// The hotel whose `RoomStay`s are being read; handed out when another one starts.
    private var pending: Stay?

    /// What one `RoomStay` says about its hotel.
    private struct Stay {
        var code: String?
        var name = ""
        var addressLines: [String] = []
        var city = ""
        var country = ""
        var latitude = 0.0
        var longitude = 0.0
        var stars = 0
        /// The `RoomStay`'s own `Total`.
        var total: Money?
        /// The cheapest `RoomRate/Total`, used when the stay has no `Total` of its own.
        var rateTotal: Money?
    }

    init(onHotel: ((HotelInfo) throws -> Void)?) {
        self.onHotel = onHotel
    }

    func begin(_ attributes: [Attribute]) {}

    func start(_ name: String, namespace: String?, attributes: [Attribute]) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        guard namespace == OTA.namespace else { return skip() }
        switch (path.last ?? "", name) {
        case ("", "Success"): success = true
        case ("", "Warnings"), ("", "Errors"): break
        case ("Warnings", "Warning"), ("Errors", "Error"):
            note = OTAMessageNote()
            for a in attributes {
                switch a.name {
                case "Type": note.type = a.value.trimmingXMLSpace
                case "Code": note.code = a.value.trimmingXMLSpace
                case "ShortText": note.shortText = a.value.trimmingXMLSpace
                default: break
                }
            }
            text = []
        case ("", "RoomStays"):
            moreIndicator = value("MoreIndicator", attributes)
        case ("RoomStays", "RoomStay"):
            stay = Stay()
            if let token = value("MoreDataEchoToken", attributes) { moreDataEchoToken = token }
        case ("RoomStay", "Total"): stay.total = cheaper(stay.total, money(attributes))
        case ("RoomStay", "RoomRates"), ("RoomRates", "RoomRate"): break
        case ("RoomRate", "Total"): stay.rateTotal = cheaper(stay.rateTotal, money(attributes))
        case ("RoomStay", "BasicPropertyInfo"):
            stay.code = value("HotelCode", attributes)
            stay.name = attributes.first { $0.name == "HotelName" }?.value ?? ""
        case ("BasicPropertyInfo", "Address"): break
        case ("Address", "AddressLine"), ("Address", "CityName"): text = []
        case ("Address", "CountryName"):
            stay.country = value("Code", attributes) ?? ""
            text = []
        case ("BasicPropertyInfo", "Position"):
            if let lat = value("Latitude", attributes).flatMap(Double.init) { stay.latitude = lat }
            if let lon = value("Longitude", attributes).flatMap(Double.init) { stay.longitude = lon }
        case ("BasicPropertyInfo", "Award"):
            // Several providers may rate a hotel: the first rating wins.
            if stay.stars == 0, let rating = value("Rating", attributes).flatMap(Double.init) { stay.stars = Int(rating) }
        default: return skip()
        }
        path.append(name)
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard skipDepth == 0, var collected = text else { return true }
        guard collected.count + bytes.count <= limit else { return false }
        // Take the buffer out so appending does not copy it.
        text = nil
        collected.append(contentsOf: bytes)
        text = collected
        return true
    }

    /// Skips the element just started with its whole subtree.
    private func skip() { skipDepth = 1 }

    func end() throws {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let name = path.popLast() else { return }
        let collected = text.map { String(decoding: $0, as: UTF8.self) }
        text = nil
        switch name {
        case "Warning", "Error":
            note.text = collected?.trimmingXMLSpace ?? ""
            if name == "Warning" { warnings.append(note) } else { errors.append(note) }
        case "AddressLine": if let line = collected?.trimmingXMLSpace, !line.isEmpty { stay.addressLines.append(line) }
        case "CityName": stay.city = collected?.trimmingXMLSpace ?? ""
        case "CountryName" where stay.country.isEmpty: stay.country = collected?.trimmingXMLSpace ?? ""
        case "RoomStay": try endRoomStay()
        case "RoomStays": try emitPending()
        default: break
        }
    }

    /// The continuation of the next page, if the partner says there is one.
    var nextToken: String? {
        if let moreDataEchoToken, !moreDataEchoToken.isEmpty { return moreDataEchoToken }
        // `MoreIndicator` is a boolean in older schema versions: only a token is a continuation.
        guard let moreIndicator, !["", "true", "false", "1", "0"].contains(moreIndicator) else { return nil }
        return moreIndicator
    }

    // MARK: Hotels

    private func endRoomStay() throws {
        guard let code = stay.code else {
            throw SOAPParseError(
                .invalidValue, line: 0, reason: "RoomStay/BasicPropertyInfo/@HotelCode is required", field: "BasicPropertyInfo/@HotelCode")
        }
        let price = stay.total ?? stay.rateTotal
        if var current = pending, current.code == code {
            current.total = cheaper(current.total ?? current.rateTotal, price)
            pending = current
            return
        }
        try emitPending()
        stay.total = price
        pending = stay
    }

    private func emitPending() throws {
        guard let hotel = pending, let code = hotel.code else { return }
        pending = nil
        guard let price = hotel.total else {
            throw SOAPParseError(
                .invalidValue, line: 0, reason: "hotel \(code) has no RoomStay/Total with AmountAfterTax or AmountBeforeTax",
                field: "RoomStay/Total")
        }
        let info = HotelInfo(
            id: code, name: hotel.name, address: hotel.addressLines.joined(separator: ", "), city: hotel.city,
            country: hotel.country, latitude: hotel.latitude, longitude: hotel.longitude, stars: hotel.stars, price: price)
        hotelsRead += 1
        if let onHotel { try onHotel(info) } else { hotels.append(info) }
    }

    // MARK: Values

    private func value(_ name: String, _ attributes: [Attribute]) -> String? {
        attributes.first { $0.name == name }.map(\.value.trimmingXMLSpace)
    }

    /// `AmountAfterTax` (else `AmountBeforeTax`) in `CurrencyCode`. An integer amount with
    /// `DecimalPlaces` is in minor units (`12950`, 2 → `129.50`); a decimal one is as written.
    private func money(_ attributes: [Attribute]) -> Money? {
        guard let text = value("AmountAfterTax", attributes) ?? value("AmountBeforeTax", attributes) else { return nil }
        let currency = value("CurrencyCode", attributes) ?? ""
        let places = value("DecimalPlaces", attributes).flatMap { Int($0) } ?? 0
        guard places > 0, !text.contains("."), let minor = Decimal(string: text) else {
            return Money(parsing: text, currency)
        }
        return Money(Decimal(sign: minor.sign, exponent: -places, significand: minor.magnitude), currency, scale: places)
    }

    /// The cheaper of two prices; amounts in different currencies are not compared, and
    /// the first one read stays.
    private func cheaper(_ a: Money?, _ b: Money?) -> Money? {
        guard let a else { return b }
        guard let b, b.currency == a.currency, b.amount < a.amount else { return a }
        return b
    }
}
