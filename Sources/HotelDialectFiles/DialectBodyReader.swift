import Foundation
import HotelSOAP
import HotelXML

/// Reads the Body message a dialect file describes, from the events the envelope hands
/// on, matching the file's compiled paths against the element stack as it goes: no tree
/// is built, and nothing of a hotel is kept but the text of its mapped fields.
///
/// The matcher is a `PathAutomaton`: per open element, the state its children are matched
/// in, and per start tag one transition looked up by (state, in a hotel, name class). A
/// child that no path continues into, that ends no text path and is not a hotel is skipped
/// whole (`start` returns false), so the envelope forwards nothing from inside it. Text is
/// collected only inside elements that end a text path (`wantsText` is false elsewhere).
final class DialectBodyReader: SOAPBodyReader {
    enum Kind {
        case search, detail
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
        /// The price came with decimal places of its own element (`PathOptions.placesAttribute`):
        /// `ownPlaces`, or none given there.
        var hasOwnPlaces = false
        var ownPlaces: [UInt8]?
        var currency: String?
        var distance: Double?
        var logo: String?
        var phone: String?
        var amenities: [String] = []
        var groupKey: String?
        /// Per field, four bits: the rank of the alternative its value came from; 15: none yet.
        var ranks = UInt64.max
    }

    let program: DialectProgram
    let dialectName: String
    let onHotel: ((HotelInfo) throws -> Void)?
    /// Per path, what its match feeds and the attribute it reads (nil: text or the hotel):
    /// read on every match, so kept apart from `CompiledPath`'s strings and arrays.
    let targets: [PathTarget]
    private let isHotelPath: [Bool]
    private let readsAttribute: [Bool]
    /// Per path: its options (alternative rank, join, take: min), and its field's slot in `Row.ranks`.
    let options: [PathOptions]
    let fieldSlot: [Int]
    /// `options[p].rank`, and whether a second match of the same alternative counts (join,
    /// take: min): read on every field, so apart from the options' arrays.
    let rank: [Int]
    let takesRepeats: [Bool]
    /// The only path of its field, without join or take: min: its first match is the value.
    let isSoleFirst: [Bool]
    private let attributeOf: [PathAttribute?]
    /// Paths that start at the hotel element and end there (its own attributes).
    private let hotelOwnPaths: [Int]

    private(set) var kind = Kind.search
    private var pendingKind = Kind.search

    // Matcher state, touched on every event. Only the parser's callbacks reach it, one at a time.
    private let automaton: PathAutomaton
    /// Per open element (the root first): the automaton state its children are matched in.
    @exclusivity(unchecked) private var levels = MatchStack<Int32>()
    @exclusivity(unchecked) private var collectors = MatchStack<Collector>()
    @exclusivity(unchecked) private var collectorPaths = MatchStack<Int32>()
    @exclusivity(unchecked) private var text = TextBuffer()
    @exclusivity(unchecked) var interner = StringInterner()
    @exclusivity(unchecked) private var localCache = PointerCache()
    @exclusivity(unchecked) private var uriCache = PointerCache()
    @exclusivity(unchecked) private var classCache = NameClassCache()
    @exclusivity(unchecked) private var interned = InternedNames.none
    /// The depth of the hotel element being read; 0 outside one.
    @exclusivity(unchecked) private var hotelDepth = 0
    @exclusivity(unchecked) var row = Row()

    // What the message said.
    var hotels: [HotelInfo] = []
    var hotelsRead = 0
    var errors: [String] = []
    var warnings: [String] = []
    var total: Int?
    var offset: Int?
    var nextToken: String?
    var detailHotel: HotelInfo?
    var detailDescription: String?

    // Grouping (`groupBy`): this page's rows in first-seen order, cheapest price kept.
    var held: [HotelInfo?] = []
    /// Each held row's group key (nil: it had none).
    var heldKeys: [String?] = []
    var firstHeld = 0
    var heldIndex: [String: Int] = [:]
    var handedOutEarly: Set<String> = []
    /// With `onTracedHotel`: each held row's `Row.ranks`, so `dialect check` can say which
    /// alternative gave each field of a grouped row.
    var heldRanks: [UInt64] = []
    /// Instead of `onHotel`, for `dialect check`: each row with the ranks its fields came from.
    var onTracedHotel: ((HotelInfo, UInt64) throws -> Void)?
    /// The most rows held at once; past it the oldest go out early, so memory stays bounded.
    let maxHeld: Int

    init(program: DialectProgram, dialectName: String, maxHeld: Int = 10_000, onHotel: ((HotelInfo) throws -> Void)?) {
        self.program = program
        self.dialectName = dialectName
        self.onHotel = onHotel
        self.maxHeld = max(1, maxHeld)
        targets = program.paths.map(\.target)
        isHotelPath = program.paths.map { $0.target == .hotel }
        readsAttribute = program.paths.map { $0.attribute != nil }
        options = program.paths.map(\.options)
        rank = options.map(\.rank)
        takesRepeats = options.map { $0.join != nil || $0.takesMin }
        let allTargets = program.paths.map(\.target)
        isSoleFirst = program.paths.map { path in
            guard case .field(let field) = path.target, !path.options.takesMin, path.options.join == nil,
                path.options.placesAttribute == nil
            else { return false }
            return allTargets.filter { $0 == .field(field) }.count == 1
        }
        fieldSlot = program.paths.map { path in
            if case .field(let field) = path.target { HotelField.allCases.firstIndex(of: field)! } else { 0 }
        }
        attributeOf = program.paths.map(\.attribute)
        hotelOwnPaths = program.hotelPaths.filter { program.paths[$0].steps.isEmpty }
        automaton = PathAutomaton(program: program)
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
        let rootPaths = kind == .search ? program.searchRootPaths : program.detailRootPaths
        levels.truncate(to: 0)
        levels.push(try automaton.rootState(for: rootPaths))
        for p in rootPaths where program.paths[p].steps.isEmpty {
            try complete(p, depth: 1, attributes: attributes)
        }
        wantsText = collectorDepth == 1
    }

    override func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes)
        throws(BodyReadFailure)
        -> Bool
    {
        let parent = levels.top
        guard parent != automaton.empty else { return false }
        let nameClass = self.nameClass(localName, namespaceURI)
        let step = try automaton.transition(from: parent, inHotel: hotelDepth != 0, nameClass: nameClass)
        if step.parent != parent { levels.top = step.parent }
        let depth = levels.count + 1
        var a = Int(step.actionStart)
        while a < Int(step.actionEnd) {
            try complete(Int(automaton.actions[a]), depth: depth, attributes: attributes)
            a += 1
        }
        guard step.keep else { return false }
        levels.push(step.child)
        wantsText = collectorDepth == depth
        return true
    }

    override func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard collectorDepth == levels.count else { return true }
        let top = collectors.top
        guard text.count - top.start + bytes.count <= limit else { return false }
        text.append(bytes)
        return true
    }

    override func fieldTooLong(limit: Int) -> BodyReadFailure {
        let label = collectorPaths.isEmpty ? "a field" : self.label(Int(collectorPaths.top))
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
        levels.pop()
        wantsText = collectorDepth == depth - 1
    }

    override func endRoot() throws {
        try endCollector(1)
        try emitHeld()
    }

    // MARK: Matching

    /// The depth of the innermost element whose text is being collected; 0 when none.
    @inline(__always)
    private var collectorDepth: Int { collectors.isEmpty ? 0 : collectors.top.depth }

    /// Path `p` matched the element at `depth` (its start tag now): a hotel starts, an
    /// attribute is read, or the element's text is collected.
    @inline(__always)
    private func complete(_ p: Int, depth: Int, attributes: SAXAttributes) throws(BodyReadFailure) {
        // Most matches are a field's text: that case stays inline in `start`.
        guard !isHotelPath[p] && !readsAttribute[p] else { return try completeElsewhere(p, depth: depth, attributes: attributes) }
        if collectorDepth != depth {
            collectors.push(Collector(depth: depth, start: text.count, paths: collectorPaths.count))
        }
        collectorPaths.push(Int32(p))
    }

    /// A hotel starts, or an attribute is read.
    private func completeElsewhere(_ p: Int, depth: Int, attributes: SAXAttributes) throws(BodyReadFailure) {
        if isHotelPath[p] {
            guard hotelDepth == 0 else { return }  // no hotel inside a hotel
            hotelDepth = depth
            row = Row()
            for h in hotelOwnPaths { try complete(h, depth: depth, attributes: attributes) }
            return
        }
        guard let attribute = attributeOf[p], let value = Self.value(of: attribute, in: attributes) else { return }
        if let places = options[p].placesAttribute {
            try setPrice(p, value, places: Self.value(of: places, in: attributes))
        } else {
            try deliver(p, value, fromAttribute: true)
        }
    }

    /// The element at `depth` ended: its text goes to the paths it ends.
    private func endCollector(_ depth: Int) throws(BodyReadFailure) {
        guard collectorDepth == depth else { return }
        let top = collectors.top
        let bytes = UnsafeBufferPointer(start: text.base + top.start, count: text.count - top.start)
        for i in top.paths..<collectorPaths.count { try deliver(Int(collectorPaths[i]), bytes, fromAttribute: false) }
        text.count = top.start
        collectorPaths.truncate(to: top.paths)
        collectors.pop()
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
    private func nameClass(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) -> Int {
        if let known = classCache.lookup(local, uri) { return known }
        let nameClass = automaton.nameClass(local: localID(local), uri: uriID(uri))
        if interned.contains(local), uri.map(interned.contains) ?? true { classCache.insert(local, uri, nameClass) }
        return nameClass
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
}
