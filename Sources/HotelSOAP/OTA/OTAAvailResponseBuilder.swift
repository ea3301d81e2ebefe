import Foundation
import HotelXML

/// Builds `HotelInfo`s from the events of an `OTA_HotelAvailRS` subtree, which
/// `SOAPMessageHandler` forwards to it from the root's start tag to its end tag.
///
/// OTA has no hotel element: a hotel is the `BasicPropertyInfo` of its `RoomStay`s, one
/// per room type or rate. Every `RoomStay` with the same `HotelCode` is one hotel, in any
/// order (a partner sorting by price interleaves them: A, B, A, C, B), priced at the
/// cheapest `Total`, with every `RoomRate` (or `RoomStay`) as a `RoomOffer` in `rooms`.
/// Hotels are therefore held until `RoomStays` ends and handed out then, in the order of
/// their first `RoomStay`: memory is one page's hotels. A page of more than `maxHeld`
/// hotels hands out its oldest as it goes, so memory stays bounded whatever a partner
/// sends; a `RoomStay` arriving after its hotel was handed out that way is reported in
/// ``warnings`` instead of splitting the hotel into two rows. Unknown elements
/// (`TPA_Extensions`, `Rates` details, other namespaces) are skipped with their subtree,
/// as partners add their own.
///
/// Why it works on bytes: a response of 100,000 `RoomStay`s is millions of elements and
/// attributes. Names are matched through a `NameCache<OTAName>` (pointer → small integer),
/// numbers are read from the attribute bytes, short codes come from a `StringInterner`, and
/// the `BasicPropertyInfo` of a hotel's second and later `RoomStay`s is not read at all:
/// the first one's is the hotel's.
final class OTAAvailResponseBuilder: SOAPBodyReader {
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

    // The hot state is touched on every SAX event. Only the parser's own callbacks reach
    // it, one at a time, so dynamic exclusivity checks buy nothing (as in SOAPMessageHandler).
    @exclusivity(unchecked) var names = NameCache<OTAName>()
    /// The document's name dictionary, from `begin`: what `names` may keep.
    @exclusivity(unchecked) var interned = InternedNames.none
    @exclusivity(unchecked) private var path = Path()
    /// Whether the element open now is a text field being collected into `text`.
    @exclusivity(unchecked) private var collecting = false
    @exclusivity(unchecked) var text = TextBuffer()
    @exclusivity(unchecked) var interner = StringInterner()
    private var note = OTAMessageNote()
    @exclusivity(unchecked) private var stay = Stay()
    /// The current `RoomStay`'s room types, rate plans and rates; kept between stays so
    /// their storage is reused.
    @exclusivity(unchecked) private var roomTypes: [(code: String?, name: String?)] = []
    @exclusivity(unchecked) private var ratePlans: [String?] = []
    @exclusivity(unchecked) private var rates: [Rate] = []
    /// The current `RoomStay`'s `HotelCode`, as its bytes.
    @exclusivity(unchecked) private var stayCode: [UInt8] = []
    /// This page's hotels, in the order of their first `RoomStay`; nil once handed out early.
    @exclusivity(unchecked) private var held: [Hotel?] = []
    /// The first entry of `held` not handed out yet.
    @exclusivity(unchecked) private var firstHeld = 0
    /// Each held hotel's position in `held`, by its `HotelCode`'s bytes.
    @exclusivity(unchecked) private var heldIndex: [[UInt8]: Int] = [:]
    /// The position of the last hotel a `RoomStay` belonged to: a grouped response's next
    /// `RoomStay` is told by comparing bytes, without hashing.
    @exclusivity(unchecked) private var lastHeld = -1
    @exclusivity(unchecked) private var lastHeldCode: [UInt8] = []
    /// Codes handed out before their page ended (past `maxHeld`), to report a late `RoomStay`.
    @exclusivity(unchecked) private var handedOutEarly: Set<[UInt8]> = []
    /// The most hotels held at once (a page of 10,000 hotels is about 10 MB).
    let maxHeld: Int

    /// A partner may answer with a SOAP fault instead of `Errors`.
    init(onHotel: ((HotelInfo) throws -> Void)?, maxHeld: Int = 10_000) {
        self.onHotel = onHotel
        self.maxHeld = max(1, maxHeld)
        super.init(namespace: OTA.namespace, roots: [OTA.availResponse], acceptsFault: true)
    }

    override func begin(_ localName: UnsafePointer<UInt8>, attributes: SAXAttributes, names: InternedNames) { interned = names }

    override func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) -> Bool {
        guard names.namespace(namespaceURI, interned: namespaceURI.map(interned.contains) ?? false) == .ota else { return false }
        let name = lookup(localName)
        switch (path.last, name) {
        case (.unknown, .Success): success = true
        case (.unknown, .Warnings), (.unknown, .Errors): break
        case (.Warnings, .Warning), (.Errors, .Error): startNote(attributes)
        case (.unknown, .RoomStays):
            moreIndicator = attribute(.MoreIndicator, attributes).map { trimmed($0) }
        case (.RoomStays, .RoomStay):
            stay = Stay()
            roomTypes.removeAll(keepingCapacity: true)
            ratePlans.removeAll(keepingCapacity: true)
            rates.removeAll(keepingCapacity: true)
            if let token = attribute(.MoreDataEchoToken, attributes) { moreDataEchoToken = trimmed(token) }
        case (.RoomStay, .Total): stay.total = cheaper(stay.total, money(attributes))
        case (.RoomStay, .RoomTypes), (.RoomStay, .RatePlans), (.RoomStay, .RoomRates): break
        case (.RoomTypes, .RoomType):
            roomTypes.append((attribute(.RoomTypeCode, attributes).map { trimmed($0, interned: true) }, nil))
        case (.RoomType, .RoomDescription):
            if roomTypes.last?.name == nil, let name = attribute(.Name, attributes).map({ trimmed($0, interned: true) }),
                !name.isEmpty
            {
                roomTypes[roomTypes.count - 1].name = name
            }
        case (.RoomDescription, .Text):
            // A description's text names the room when its Name attribute did not.
            if roomTypes.last?.name == nil { collect() }
        case (.RatePlans, .RatePlan):
            ratePlans.append(attribute(.RatePlanCode, attributes).map { trimmed($0, interned: true) })
        case (.RoomRates, .RoomRate):
            var rate = Rate()
            for i in 0..<attributes.count {
                let a = attributes[i]
                guard a.namespaceURI == nil else { continue }
                switch lookup(a.localName) {
                case .RoomTypeCode: rate.roomTypeCode = trimmed(a.value, interned: true)
                case .RatePlanCode: rate.ratePlanCode = trimmed(a.value, interned: true)
                default: break
                }
            }
            rates.append(rate)
        case (.RoomRate, .Total):
            let total = money(attributes)
            rates[rates.count - 1].total = cheaper(rates[rates.count - 1].total, total)
            stay.rateTotal = cheaper(stay.rateTotal, total)
        case (.RoomStay, .BasicPropertyInfo):
            if startProperty(attributes) { return false }
        case (.BasicPropertyInfo, .Address): break
        case (.Address, .AddressLine), (.Address, .CityName): collect()
        case (.Address, .CountryName):
            stay.country = attribute(.Code, attributes).map { trimmed($0, interned: true) } ?? ""
            collect()
        case (.BasicPropertyInfo, .Position):
            for i in 0..<attributes.count {
                let a = attributes[i]
                guard a.namespaceURI == nil else { continue }
                switch lookup(a.localName) {
                case .Latitude: if let lat = double(a.value) { stay.latitude = lat }
                case .Longitude: if let lon = double(a.value) { stay.longitude = lon }
                default: break
                }
            }
        case (.BasicPropertyInfo, .Award):
            // Several providers may rate a hotel: the first rating wins.
            if stay.stars == 0, let rating = attribute(.Rating, attributes).flatMap(double), rating.isFinite,
                abs(rating) < 1e15
            {
                stay.stars = Int(rating)
            }
        default: return false
        }
        path.push(name)
        return true
    }

    override func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard collecting else { return true }
        guard text.count + bytes.count <= limit else { return false }
        text.append(bytes)
        return true
    }

    private func collect() {
        collecting = true
        text.reset()
    }

    override func end() throws {
        guard let name = path.pop() else { return }
        let collected = collecting
        collecting = false
        switch name {
        case .Warning, .Error:
            note.text = collectedText()
            if name == .Warning { warnings.append(note) } else { errors.append(note) }
        case .AddressLine:
            let line = collectedText()
            if !line.isEmpty { stay.address = stay.address.isEmpty ? line : stay.address + ", " + line }
        case .CityName: stay.city = collectedText(interned: true)
        case .CountryName where stay.country.isEmpty: stay.country = collectedText(interned: true)
        case .Text where collected:
            let name = collectedText(interned: true)
            if !name.isEmpty { roomTypes[roomTypes.count - 1].name = name }
        case .RoomStay: try endRoomStay()
        case .RoomStays: try emitHeld()
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

    // MARK: Elements

    private func startNote(_ attributes: SAXAttributes) {
        note = OTAMessageNote()
        for i in 0..<attributes.count {
            let a = attributes[i]
            guard a.namespaceURI == nil else { continue }
            switch lookup(a.localName) {
            case .Type: note.type = trimmed(a.value)
            case .Code: note.code = trimmed(a.value)
            case .ShortText: note.shortText = trimmed(a.value)
            default: break
            }
        }
        collect()
    }

    /// Reads the stay's `HotelCode` and, for a new hotel, its name; true when the code is
    /// a held hotel's, whose facts are known: the caller skips the element then.
    private func startProperty(_ attributes: SAXAttributes) -> Bool {
        var code: UnsafeBufferPointer<UInt8>?
        var name: UnsafeBufferPointer<UInt8>?
        for i in 0..<attributes.count {
            let a = attributes[i]
            guard a.namespaceURI == nil else { continue }
            switch lookup(a.localName) {
            case .HotelCode: code = code ?? a.value
            case .HotelName: name = name ?? a.value
            default: break
            }
        }
        stayCode.removeAll(keepingCapacity: true)
        guard let code else {
            stay.code = nil
            return false
        }
        let bytes = code.trimmingXMLSpace
        stayCode.append(contentsOf: bytes)
        if let index = heldPosition(of: stayCode), let hotel = held[index] {
            stay.heldAt = index
            stay.code = hotel.stay.code
            return true
        }
        stay.code = trimmed(code)
        stay.name = name.map(SAXAttributes.string) ?? ""
        return false
    }

    /// Where the hotel with these code bytes is held, if it is.
    @inline(__always)
    private func heldPosition(of code: [UInt8]) -> Int? {
        if lastHeld >= 0, code == lastHeldCode, held[lastHeld] != nil { return lastHeld }
        guard let index = heldIndex[code] else { return nil }
        lastHeld = index
        lastHeldCode = code
        return index
    }

    // MARK: Hotels

    private func endRoomStay() throws {
        guard let code = stay.code else {
            throw SOAPParseError(
                .invalidValue, line: 0, reason: "RoomStay/BasicPropertyInfo/@HotelCode is required", field: "BasicPropertyInfo/@HotelCode")
        }
        let price = stay.total ?? stay.rateTotal
        if let index = stay.heldAt {
            held[index]!.price = cheaper(held[index]!.price, price)
            addOffers(to: &held[index]!.rooms)
            return
        }
        if handedOutEarly.contains(stayCode) {
            var late = OTAMessageNote()
            late.text =
                "hotel \(code) has RoomStays more than \(maxHeld) hotels apart: its row was written before this one (\(price.map { "\($0.money)" } ?? "no price")) arrived"
            warnings.append(late)
            return
        }
        var rooms: [RoomOffer] = []
        // Room types per hotel are few: one allocation instead of one per doubling.
        rooms.reserveCapacity(4)
        addOffers(to: &rooms)
        heldIndex[stayCode] = held.count
        lastHeld = held.count
        lastHeldCode = stayCode
        held.append(Hotel(stay: stay, price: price, rooms: rooms))
        if held.count - firstHeld > maxHeld { try emitOldest() }
    }

    /// Hands out the hotel held longest, before its page ends (past `maxHeld`).
    private func emitOldest() throws {
        guard firstHeld < held.count, let hotel = held[firstHeld].take(), let code = hotel.stay.code else { return }
        let bytes = Array(code.utf8)
        heldIndex[bytes] = nil
        handedOutEarly.insert(bytes)
        firstHeld += 1
        if firstHeld >= maxHeld { compact() }
        try emit(hotel)
    }

    /// Drops the slots of hotels already handed out, so `held` stays within twice `maxHeld`
    /// however long the page: positions move down by `firstHeld`, once every `maxHeld` hotels.
    private func compact() {
        let gone = firstHeld
        held.removeFirst(gone)
        for (code, position) in heldIndex { heldIndex[code] = position - gone }
        lastHeld = lastHeld >= gone ? lastHeld - gone : -1
        firstHeld = 0
    }

    /// Hands out every hotel held, in order, and starts the next page empty.
    private func emitHeld() throws {
        defer {
            held.removeAll(keepingCapacity: true)
            heldIndex.removeAll(keepingCapacity: true)
            handedOutEarly.removeAll()
            firstHeld = 0
            lastHeld = -1
        }
        for index in firstHeld..<held.count {
            if let hotel = held[index].take() { try emit(hotel) }
        }
    }

    /// The stay's offers: one per `RoomRate` that has a price (the stay's `Total` stands in
    /// for a single rate without one), or the stay's `Total` when it lists no rates. A code
    /// left out of a rate is the stay's only room type or rate plan, if it has one.
    private func addOffers(to rooms: inout [RoomOffer]) {
        let onlyType = roomTypes.count == 1 ? roomTypes[0] : nil
        let onlyPlan = ratePlans.count == 1 ? ratePlans[0] : nil
        guard !rates.isEmpty else {
            guard let total = stay.total else { return }
            rooms.append(
                RoomOffer(
                    roomTypeCode: onlyType?.code, roomName: onlyType?.name, ratePlanCode: onlyPlan, total: total.money,
                    includesTaxes: total.includesTaxes))
            return
        }
        for rate in rates {
            guard let total = rate.total ?? (rates.count == 1 ? stay.total : nil) else { continue }
            let type = rate.roomTypeCode.map { code in roomTypes.first { $0.code == code } ?? (code, nil) } ?? onlyType
            rooms.append(
                RoomOffer(
                    roomTypeCode: type?.code, roomName: type?.name, ratePlanCode: rate.ratePlanCode ?? onlyPlan, total: total.money,
                    includesTaxes: total.includesTaxes))
        }
    }

    private func emit(_ hotel: Hotel) throws {
        guard let code = hotel.stay.code else { return }
        guard let price = hotel.price else {
            throw SOAPParseError(
                .invalidValue, line: 0, reason: "hotel \(code) has no RoomStay/Total with AmountAfterTax or AmountBeforeTax",
                field: "RoomStay/Total")
        }
        let facts = hotel.stay
        let info = HotelInfo(
            id: code, name: facts.name, address: facts.address, city: facts.city, country: facts.country,
            latitude: facts.latitude, longitude: facts.longitude, stars: facts.stars, price: price.money, rooms: hotel.rooms)
        hotelsRead += 1
        if let onHotel { try onHotel(info) } else { hotels.append(info) }
    }
}
