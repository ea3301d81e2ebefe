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
    @exclusivity(unchecked) var interner = StringInterner()
    @exclusivity(unchecked) private var localCache = PointerCache()
    @exclusivity(unchecked) private var uriCache = PointerCache()
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
}
