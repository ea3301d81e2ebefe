import Foundation
import HotelSOAP
import HotelXML

/// Reads the Body message a dialect file describes, from the events the envelope hands
/// on, matching the file's compiled paths against the element stack as it goes: no tree
/// is built, and nothing of a hotel is kept but the text of its mapped fields.
///
/// The matcher is a nondeterministic automaton over path steps. For each open element it
/// keeps the threads still alive for its children: (path, next step, siblings counted so
/// far for a positional step). A child's start tag advances the threads whose step it
/// matches; a `//` step's thread is also carried down to every deeper level. A child that
/// no thread continues into, that ends no text path and is not a hotel is skipped whole
/// (`start` returns false), so the envelope forwards nothing from inside it. Text is
/// collected only inside elements that end a text path (`wantsText` is false elsewhere).
final class DialectBodyReader: SOAPBodyReader {
    enum Kind {
        case search, detail
    }

    struct Thread {
        var path: Int
        var step: Int
        /// Siblings that matched a positional step so far.
        var count: Int
    }

    /// An element whose text ends one or more paths.
    struct Collector {
        var depth: Int
        /// Where its text starts in `text`.
        var start: Int
        /// Where its paths start in `collectorPaths`.
        var paths: Int
    }

    /// What one hotel element's fields said so far.
    struct Row {
        var id: String?
        var name: String?
        var address: String?
        var city: String?
        var country: String?
        var latitude: Double?
        var longitude: Double?
        var stars: Int?
        var price: [UInt8] = []
        var hasPrice = false
        var places: [UInt8]?
        var currency: String?
        var distance: Double?
        var logo: String?
        var phone: String?
        var amenities: [String] = []
        var groupKey: String?
    }

    let program: DialectProgram
    let dialectName: String
    let onHotel: ((HotelInfo) throws -> Void)?
    /// Every step of every path, flat: path p's steps are `steps[stepStart[p]..<stepStart[p] + stepCount[p]]`.
    private let steps: [PathStep]
    private let stepStart: [Int]
    private let stepCount: [Int]

    private(set) var kind = Kind.search
    private var pendingKind = Kind.search

    // Matcher state, touched on every event. Only the parser's callbacks reach it, one at a time.
    @exclusivity(unchecked) private var threads: [Thread] = []
    /// Per open element (the root first): where the threads for its children start.
    @exclusivity(unchecked) private var levels: [Int] = []
    @exclusivity(unchecked) private var collectors: [Collector] = []
    @exclusivity(unchecked) private var collectorPaths: [Int] = []
    @exclusivity(unchecked) private var text = TextBuffer()
    @exclusivity(unchecked) private var interner = StringInterner()
    @exclusivity(unchecked) private var localCache = PointerCache()
    @exclusivity(unchecked) private var uriCache = PointerCache()
    @exclusivity(unchecked) private var interned = InternedNames.none
    /// The depth of the hotel element being read; 0 outside one.
    @exclusivity(unchecked) private var hotelDepth = 0
    @exclusivity(unchecked) private var row = Row()

    // What the message said.
    private(set) var hotels: [HotelInfo] = []
    private(set) var hotelsRead = 0
    private(set) var errors: [String] = []
    private(set) var warnings: [String] = []
    private(set) var total: Int?
    private(set) var offset: Int?
    private(set) var nextToken: String?
    private(set) var detailHotel: HotelInfo?
    private(set) var detailDescription: String?

    // Grouping (`groupBy`): this page's rows in first-seen order, cheapest price kept.
    private var held: [HotelInfo?] = []
    /// Each held row's group key (nil: it had none).
    private var heldKeys: [String?] = []
    private var firstHeld = 0
    private var heldIndex: [String: Int] = [:]
    private var handedOutEarly: Set<String> = []
    /// The most rows held at once; past it the oldest go out early, so memory stays bounded.
    let maxHeld: Int

    init(program: DialectProgram, dialectName: String, maxHeld: Int = 10_000, onHotel: ((HotelInfo) throws -> Void)?) {
        self.program = program
        self.dialectName = dialectName
        self.onHotel = onHotel
        self.maxHeld = max(1, maxHeld)
        var steps: [PathStep] = []
        var start: [Int] = []
        var count: [Int] = []
        for path in program.paths {
            start.append(steps.count)
            count.append(path.steps.count)
            steps += path.steps
        }
        self.steps = steps
        stepStart = start
        stepCount = count
        let roots = program.searchRoots + program.detailRoots
        super.init(namespace: roots.first?.namespace ?? "", roots: roots.map(\.name), acceptsFault: true)
        wantsText = false
    }

    override func accepts(_ localName: String, namespace uri: String?) -> Bool {
        let element = SOAPBodyElement(name: localName, namespace: uri)
        if program.searchRoots.contains(element) {
            pendingKind = .search
            return true
        }
        if program.detailRoots.contains(element) {
            pendingKind = .detail
            return true
        }
        return false
    }

    override func refusal(_ element: String) -> String {
        let expected = (program.searchRoots + program.detailRoots).map { root in
            root.namespace.map { "\(root.name) xmlns=\"\($0)\"" } ?? root.name
        }
        return "the SOAP Body holds <\(element)>; the dialect \(dialectName) reads \(expected.joined(separator: " or "))"
    }

    // MARK: Events

    override func begin(_ localName: UnsafePointer<UInt8>, attributes: SAXAttributes, names: InternedNames) throws(BodyReadFailure) {
        interned = names
        kind = pendingKind
        threads.removeAll(keepingCapacity: true)
        levels = [0]
        for p in kind == .search ? program.searchRootPaths : program.detailRootPaths {
            if stepCount[p] > 0 {
                addThread(p, 0)
            } else {
                _ = try complete(p, depth: 1, attributes: attributes)
            }
        }
        wantsText = collectors.last?.depth == 1
    }

    override func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes)
        throws(BodyReadFailure)
        -> Bool
    {
        let parentStart = levels[levels.count - 1]
        let parentEnd = threads.count
        let depth = levels.count + 1
        levels.append(parentEnd)
        let collectorsBefore = collectors.count
        var isHotel = false
        if parentEnd > parentStart {
            let local = localID(localName)
            let uri = uriID(namespaceURI)
            for t in parentStart..<parentEnd {
                let thread = threads[t]
                let step = steps[stepStart[thread.path] + thread.step]
                if step.descendant { addThread(thread.path, thread.step) }
                guard step.local == PathStep.any || (step.local == local && step.uri == uri) else { continue }
                if step.position > 0 {
                    threads[t].count += 1
                    guard threads[t].count == step.position else { continue }
                }
                if thread.step + 1 < stepCount[thread.path] {
                    addThread(thread.path, thread.step + 1)
                } else if try complete(thread.path, depth: depth, attributes: attributes) {
                    isHotel = true
                }
            }
        }
        guard isHotel || threads.count > parentEnd || collectors.count > collectorsBefore else {
            levels.removeLast()
            return false
        }
        wantsText = collectors.last?.depth == depth
        return true
    }

    override func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard let top = collectors.last, top.depth == levels.count else { return true }
        guard text.count - top.start + bytes.count <= limit else { return false }
        text.append(bytes)
        return true
    }

    override func fieldTooLong(limit: Int) -> BodyReadFailure {
        let label = collectorPaths.last.map { self.label($0) } ?? "a field"
        return BodyReadFailure(
            .invalidValue, "the text of \(label) is longer than \(limit) bytes, the parser's limit for one field", field: label)
    }

    override func end() throws {
        let depth = levels.count
        try endCollector(depth)
        if hotelDepth == depth {
            hotelDepth = 0
            try endHotel()
        }
        threads.removeLast(threads.count - levels.removeLast())
        wantsText = collectors.last?.depth == depth - 1
    }

    override func endRoot() throws {
        try endCollector(1)
        try emitHeld()
    }

    // MARK: Matching

    /// A thread for the current element's children, once per (path, step).
    @inline(__always)
    private func addThread(_ path: Int, _ step: Int) {
        var i = levels[levels.count - 1]
        while i < threads.count {
            if threads[i].path == path && threads[i].step == step { return }
            i += 1
        }
        threads.append(Thread(path: path, step: step, count: 0))
    }

    /// Path `p` matched the element at `depth` (its start tag now): a hotel starts, an
    /// attribute is read, or the element's text is collected. True for a hotel.
    private func complete(_ p: Int, depth: Int, attributes: SAXAttributes) throws(BodyReadFailure) -> Bool {
        let path = program.paths[p]
        if path.target == .hotel {
            guard hotelDepth == 0 else { return false }  // no hotel inside a hotel
            hotelDepth = depth
            row = Row()
            for h in program.hotelPaths {
                if stepCount[h] > 0 {
                    addThread(h, 0)
                } else {
                    _ = try complete(h, depth: depth, attributes: attributes)
                }
            }
            return true
        }
        if let attribute = path.attribute {
            if let value = Self.value(of: attribute, in: attributes) { try deliver(p, value, fromAttribute: true) }
            return false
        }
        if let top = collectors.last, top.depth == depth {
            collectorPaths.append(p)
        } else {
            collectors.append(Collector(depth: depth, start: text.count, paths: collectorPaths.count))
            collectorPaths.append(p)
        }
        return false
    }

    /// The element at `depth` ended: its text goes to the paths it ends.
    private func endCollector(_ depth: Int) throws(BodyReadFailure) {
        guard let top = collectors.last, top.depth == depth else { return }
        let bytes = UnsafeBufferPointer(start: text.base + top.start, count: text.count - top.start)
        for i in top.paths..<collectorPaths.count { try deliver(collectorPaths[i], bytes, fromAttribute: false) }
        text.count = top.start
        collectorPaths.removeLast(collectorPaths.count - top.paths)
        collectors.removeLast()
    }

    private static func value(of attribute: PathAttribute, in attributes: SAXAttributes) -> UnsafeBufferPointer<UInt8>? {
        for i in 0..<attributes.count {
            let a = attributes[i]
            guard equal(a.localName, attribute.local) else { continue }
            switch (a.namespaceURI, attribute.uri) {
            case (nil, nil): return a.value
            case (let uri?, let wanted?) where equal(uri, wanted): return a.value
            default: continue
            }
        }
        return nil
    }

    /// Whether the C string `p` is `bytes`.
    @inline(__always)
    private static func equal(_ p: UnsafePointer<UInt8>, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            for j in 0..<b.count where p[j] != b[j] { return false }
            return p[b.count] == 0
        }
    }

    @inline(__always)
    private func localID(_ p: UnsafePointer<UInt8>) -> Int {
        if let id = localCache.lookup(p) { return id }
        let id = program.localNames.firstIndex { Self.equal(p, $0) } ?? -1
        if interned.contains(p) { localCache.insert(p, id) }
        return id
    }

    @inline(__always)
    private func uriID(_ p: UnsafePointer<UInt8>?) -> Int {
        guard let p else { return 0 }
        if let id = uriCache.lookup(p) { return id }
        let id = program.namespaceURIs.firstIndex { Self.equal(p, $0) }.map { $0 + 1 } ?? -1
        if interned.contains(p) { uriCache.insert(p, id) }
        return id
    }

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

    private func string(_ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) -> String {
        let trimmed = bytes.trimmingXMLSpace
        return fromAttribute ? SAXAttributes.string(trimmed) : String(decoding: trimmed, as: UTF8.self)
    }

    /// A short repeated value (a city, a currency, an amenity) without a new `String` each time.
    private func shared(_ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) -> String {
        let trimmed = bytes.trimmingXMLSpace
        if fromAttribute, trimmed.contains(UInt8(ascii: "&")) { return SAXAttributes.string(trimmed) }
        return interner.string(trimmed)
    }

    private func deliver(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) throws(BodyReadFailure) {
        switch program.paths[p].target {
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

    private func integer(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws(BodyReadFailure) -> Int {
        guard let n = IntegerText.parse(bytes), n >= 0 else {
            throw .invalid(label(p), "must be a whole number of at least 0", String(decoding: bytes, as: UTF8.self))
        }
        return n
    }

    private func number(_ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ range: ClosedRange<Double>, scale: Double = 1)
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

    private static func clean(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func set(_ field: HotelField, _ p: Int, _ bytes: UnsafeBufferPointer<UInt8>, fromAttribute: Bool) throws(BodyReadFailure) {
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

    // MARK: Rows

    private func endHotel() throws {
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
        guard program.groupBy else { return try emit(hotel) }
        guard let key = row.groupKey else {
            held.append(hotel)
            heldKeys.append(nil)
            return try handOutEarly()
        }
        if let i = heldIndex[key] {
            if let kept = held[i]?.price, kept.currency == hotel.price.currency, hotel.price.amount < kept.amount {
                held[i]?.price = hotel.price
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
        try handOutEarly()
    }

    private func handOutEarly() throws {
        while held.count - firstHeld > maxHeld {
            if let hotel = held[firstHeld] {
                if let key = heldKeys[firstHeld] {
                    heldIndex[key] = nil
                    handedOutEarly.insert(key)
                }
                try emit(hotel)
            }
            held[firstHeld] = nil
            firstHeld += 1
        }
    }

    private func emitHeld() throws {
        while firstHeld < held.count {
            let hotel = held[firstHeld]
            held[firstHeld] = nil
            firstHeld += 1
            if let hotel { try emit(hotel) }
        }
        held.removeAll()
        heldKeys.removeAll()
        firstHeld = 0
        heldIndex.removeAll()
    }

    private func emit(_ hotel: HotelInfo) throws {
        hotelsRead += 1
        if let onHotel { try onHotel(hotel) } else { hotels.append(hotel) }
    }

    private func required(_ field: HotelField, _ problem: String) -> BodyReadFailure {
        let path = program.fieldPath[field] ?? ""
        return .invalid("\(field.rawValue) (\(path))", problem, nil)
    }

    /// The row as a `HotelInfo`: id, price and currency required, the rest empty, 0 or nil when missing.
    private func build() throws(BodyReadFailure) -> HotelInfo {
        guard let id = row.id, !id.isEmpty else { throw required(.id, "is required: a hotel element has no value for it") }
        guard row.hasPrice else { throw required(.price, "is required (hotel \(id))") }
        guard let currency = row.currency, !currency.isEmpty else { throw required(.currency, "is required (hotel \(id))") }
        let price = try money(currency, id: id)
        return HotelInfo(
            id: id, name: row.name ?? "", address: row.address ?? "", city: row.city ?? "", country: row.country ?? "",
            latitude: row.latitude ?? 0, longitude: row.longitude ?? 0, stars: row.stars ?? 0, price: price, distanceKm: row.distance,
            logoURL: row.logo, phone: row.phone, amenities: row.amenities)
    }

    private func money(_ currency: String, id: String) throws(BodyReadFailure) -> Money {
        let label = "price (\(program.fieldPath[.price] ?? ""))"
        let written = String(decoding: row.price, as: UTF8.self)
        var places = program.decimalPlacesConstant
        if program.hasDecimalPlacesPath, let text = row.places {
            guard let n = IntegerText.parse(text), (0...18).contains(n) else {
                throw .invalid(
                    "price decimalPlaces", "must be a whole number from 0 to 18 (hotel \(id))", String(decoding: text, as: UTF8.self))
            }
            places = n
        }
        let parsed = row.price.withUnsafeBufferPointer { bytes -> (minor: Int?, decimal: (value: Decimal, scale: Int, text: String?)?) in
            (IntegerText.parse(bytes), DecimalText.parseWithText(bytes))
        }
        if let places, places > 0 {
            // An amount in minor units: 18900 with 2 places is 189.00.
            if let minor = parsed.minor {
                let (value, text) = DecimalText.minorUnits(minor, places: places)
                return Money(value, currency, scale: places, text: text)
            }
            // Already written with a point: read as it is.
            guard let decimal = parsed.decimal, written.contains(".") else {
                throw .invalid(label, "is not a whole number of minor units (\(places) decimal places)", written)
            }
            return Money(decimal.value, currency, scale: decimal.scale, text: decimal.text)
        }
        guard let decimal = parsed.decimal else { throw .invalid(label, "is not a decimal number", written) }
        return Money(decimal.value, currency, scale: decimal.scale, text: decimal.text)
    }
}

/// Pointers to the document's interned names → a small integer, in an open-addressing
/// table (as `NameCache` does for the built-in readers): after a name's first occurrence,
/// one or two probes and no string compared.
struct PointerCache {
    private static let capacity = 256
    private var keys = [UnsafeRawPointer?](repeating: nil, count: PointerCache.capacity)
    private var values = [Int](repeating: 0, count: PointerCache.capacity)
    private var used = 0

    @inline(__always)
    private static func slot(_ p: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: p) &* 0x9E37_79B9_7F4A_7C15) >> 56) & (capacity - 1)
    }

    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>) -> Int? {
        let key = UnsafeRawPointer(p)
        var slot = Self.slot(key)
        while let stored = keys[slot] {
            if stored == key { return values[slot] }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        return nil
    }

    /// Keeps the table at most half full; past that, names are compared every time.
    mutating func insert(_ p: UnsafePointer<UInt8>, _ value: Int) {
        guard used < Self.capacity / 2 else { return }
        let key = UnsafeRawPointer(p)
        var slot = Self.slot(key)
        while let stored = keys[slot] {
            if stored == key { return }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        keys[slot] = key
        values[slot] = value
        used += 1
    }
}

/// Star ratings as services write them.
enum StarRating {
    /// A number 0…5, rounded down (`4`, `4.5`).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let n = IntegerText.parse(bytes) { return (0...5).contains(n) ? n : nil }
        guard let value = DoubleText.parse(bytes), value >= 0, value < 6 else { return nil }
        let n = Int(value.rounded(.down))
        return (0...5).contains(n) ? n : nil
    }

    /// `convert: stars`: digits first (`4`, `4.5`, `4 Stars`), else stars (`****`, `★★★★`),
    /// else the one digit of a code (`4ST`, `ST4`); 0…5, rounded down.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let text = String(decoding: bytes.trimmingXMLSpace, as: UTF8.self)
        guard !text.isEmpty else { return nil }
        let scalars = Array(text.unicodeScalars)
        func digit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        if digit(scalars[0]) {
            // The leading number: digits, an optional fraction.
            var end = 0
            while end < scalars.count, digit(scalars[end]) { end += 1 }
            if end + 1 < scalars.count, scalars[end] == ".", digit(scalars[end + 1]) {
                end += 1
                while end < scalars.count, digit(scalars[end]) { end += 1 }
            }
            guard let value = Double(String(String.UnicodeScalarView(scalars[0..<end]))) else { return nil }
            let n = Int(value.rounded(.down))
            return (0...5).contains(n) ? n : nil
        }
        if scalars.allSatisfy({ $0 == "*" || $0 == "★" }) { return scalars.count <= 5 ? scalars.count : nil }
        // A code: exactly one run of digits (ST4, 4ST handled above, 3STAR…).
        let runs = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber })
        guard runs.count == 1, let n = Int(runs[0]), (0...5).contains(n) else { return nil }
        return n
    }
}
