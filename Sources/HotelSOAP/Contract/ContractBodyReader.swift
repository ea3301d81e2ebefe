import Foundation
import HotelXML

/// Our contract's messages (`urn:hotel-search:v1`), read from the events the envelope hands
/// on: `SearchHotelsResponse` and `GetHotelResponse` (a client's), `SearchHotels` and
/// `GetHotel` (the server's). A peer of OpenTravel's readers behind `SOAPBodyReader`.
///
/// It keeps a stack of the known elements it is inside. In responses an element it does
/// not know is skipped with its whole subtree (a newer server may add fields); requests are
/// held to the schema (`ContractBodyReader+Requests.swift`). Text is collected only inside
/// the leaf fields it wants.
///
/// ```swift
/// let contract = ContractBodyReader(onHotel: { print($0.name) })
/// let parser = SOAPMessageParser(limits: .default, body: contract)
/// ```
final class ContractBodyReader: SOAPBodyReader {
    /// Where we are: the known element each level of the stack is inside.
    enum Scope {
        case searchResponse, getHotelResponse, hotel
        case searchRequest, near, getHotelRequest
    }

    let onHotel: ((HotelInfo) throws -> Void)?
    /// The message, once its root closed.
    private(set) var message: SOAPMessage?
    private(set) var totalCount: Int?
    /// Hotels of a search response read so far, handed out or collected.
    private(set) var hotelsRead = 0

    // The hot state is touched on every event. Only the parser's callbacks reach it, one
    // at a time, so dynamic exclusivity checks buy nothing and cost a TLS lookup each.
    @exclusivity(unchecked) var scopes: ScopeStack<Scope>
    @exclusivity(unchecked) private var names = NameCache<ElementName>()
    /// The document's name dictionary, from `begin`: what `names` may keep.
    @exclusivity(unchecked) private var interned = InternedNames.none
    /// The leaf whose text we are collecting, if any.
    @exclusivity(unchecked) private var leaf: ElementName?
    @exclusivity(unchecked) var text = TextBuffer()
    @exclusivity(unchecked) private var interner = StringInterner()

    // Partial models, completed as their elements close.
    @exclusivity(unchecked) private var hotel = HotelBuilder()
    private var pageOffset: Int?
    private var hotels: [HotelInfo] = []
    var query = HotelQuery()
    private var near = NearBuilder()
    private var hotelId: String?
    private var detailHotel: HotelInfo?
    private var detailDescription: String?
    private var imageURLs: [String] = []

    /// - Parameter maxDepth: the parser's limit, which bounds the scope stack.
    init(maxDepth: Int, onHotel: ((HotelInfo) throws -> Void)?) {
        self.onHotel = onHotel
        scopes = ScopeStack(capacity: maxDepth + 1)
        super.init(
            namespace: HotelSearchContract.namespace,
            roots: ["SearchHotelsResponse", "GetHotelResponse", "SearchHotels", "GetHotel"], acceptsFault: true)
        wantsText = false
    }

    /// The contract's own wording: the Body holds something that is none of its operations.
    override func refusal(_ element: String) -> String {
        "the SOAP Body holds <\(element)>, which is not an operation of \(HotelSearchContract.namespace)"
    }

    override func begin(_ localName: UnsafePointer<UInt8>, attributes: SAXAttributes, names: InternedNames) throws(BodyReadFailure) {
        interned = names
        switch self.names.name(localName, interned: interned.contains(localName)) {
        case .SearchHotelsResponse: scopes.append(.searchResponse)
        case .GetHotelResponse: scopes.append(.getHotelResponse)
        case .SearchHotels: scopes.append(.searchRequest)
        default: scopes.append(.getHotelRequest)
        }
    }

    // Inlined into `ContractMessageHandler`'s event handlers, the one caller on the hot path:
    // one call per event, as when a single handler read envelope and contract alike.
    @inline(__always)
    override func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes)
        throws(BodyReadFailure) -> Bool
    {
        if let field = leaf {
            // A request is held to its schema: no element inside a text field.
            if let scope = scopes.last, let operation = Self.requestOperation(scope) {
                throw unexpectedElement(localName, namespaceURI, in: operation, "\(field)", expected: [])
            }
            // An element inside a text field: skipped with its subtree.
            return false
        }
        let name = names.name(localName, interned: interned.contains(localName))
        let ns = names.namespace(namespaceURI, interned: namespaceURI.map(interned.contains) ?? false)
        switch scopes.last {
        case .searchResponse?:
            guard ns == .contract else { return false }
            switch name {
            case .TotalCount, .Offset: collect(name)
            case .Hotel:
                hotel.reset()
                scopes.append(.hotel)
            default: return false
            }
        case .hotel?:
            guard ns == .contract, HotelBuilder.isField(name) else { return false }
            if name == .Price {
                let currency =
                    attributes.trimmedBytes(localName: "currency", namespaceURI: nil)
                    ?? attributes.trimmedBytes(localName: "currency", namespaceURI: "urn:hotel-search:v1")
                hotel.currency = currency.map { $0.contains(UInt8(ascii: "&")) ? SAXAttributes.string($0) : interner.string($0) }
            }
            collect(name)
        case .getHotelResponse?:
            guard ns == .contract else { return false }
            switch name {
            case .Hotel:
                hotel.reset()
                scopes.append(.hotel)
            case .Description, .ImageURL: collect(name)
            default: return false
            }
        case .searchRequest?:
            // Requests are strict: an element the operation does not define is an error
            // naming it, never silently dropped (a misspelt filter must not widen a search).
            guard ns == .contract, Self.searchFields.contains(name) else {
                throw unexpectedElement(localName, namespaceURI, in: "SearchHotels", nil, expected: Self.searchFieldNames)
            }
            if name == .Near {
                near = NearBuilder()
                scopes.append(.near)
            } else {
                collect(name)
            }
        case .near?:
            guard ns == .contract, Self.nearFields.contains(name) else {
                throw unexpectedElement(
                    localName, namespaceURI, in: "SearchHotels", "Near", expected: ["Latitude", "Longitude", "RadiusKm"])
            }
            collect(name)
        case .getHotelRequest?:
            guard ns == .contract, name == .HotelId else {
                throw unexpectedElement(localName, namespaceURI, in: "GetHotel", nil, expected: ["HotelId"])
            }
            collect(name)
        case nil:
            return false
        }
        return true
    }

    // Inlined into `ContractMessageHandler`'s event handlers, the one caller on the hot path:
    // one call per event, as when a single handler read envelope and contract alike.
    @inline(__always)
    override func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard leaf != nil else { return true }
        guard text.count + bytes.count <= limit else { return false }
        text.append(bytes)
        return true
    }

    override func fieldTooLong(limit: Int) -> BodyReadFailure {
        let field = leaf.map { "\($0)" } ?? "a field"
        return BodyReadFailure(
            .invalidValue, "the text of \(field) is longer than \(limit) bytes, the parser's limit for one field", field: field)
    }

    // Inlined into `ContractMessageHandler`'s event handlers, the one caller on the hot path:
    // one call per event, as when a single handler read envelope and contract alike.
    @inline(__always)
    override func end() throws {
        if let field = leaf {
            leaf = nil
            wantsText = false
            return try endLeaf(field)
        }
        guard let scope = scopes.popLast() else { return }
        switch scope {
        case .hotel: try endHotel()
        case .near:
            var problem: BodyReadFailure?
            let circle = near.build { field, what, value in problem = problem ?? .invalid(field, what, value) }
            if let problem { throw problem }
            if let circle { query.near = circle }
        default: break
        }
    }

    override func endRoot() throws {
        guard let scope = scopes.popLast() else { return }
        switch scope {
        case .searchResponse:
            guard let totalCount, let pageOffset else {
                throw BodyReadFailure.invalid("SearchHotelsResponse", "TotalCount and Offset are required", nil)
            }
            message = .searchResults(SearchPage(totalCount: totalCount, offset: pageOffset, hotels: hotels))
        case .getHotelResponse:
            guard let detailHotel else { throw BodyReadFailure.invalid("GetHotelResponse/Hotel", "is required", nil) }
            message = .hotelDetail(HotelDetail(hotel: detailHotel, description: detailDescription ?? "", imageURLs: imageURLs))
        case .searchRequest:
            message = .searchHotels(query)
        case .getHotelRequest:
            guard let hotelId else { throw BodyReadFailure.invalid("GetHotel/HotelId", "is required", nil) }
            message = .getHotel(id: hotelId)
        case .hotel, .near:
            break
        }
    }

    // MARK: Fields

    @inline(__always)
    private func collect(_ name: ElementName) {
        leaf = name
        wantsText = true
        text.reset()
    }

    var leafText: String { text.string }

    private static let nearFields = ElementName.Set([.Latitude, .Longitude, .RadiusKm])

    private func endLeaf(_ field: ElementName) throws {
        switch scopes.last {
        case .searchResponse?:
            let n = try parseInt(field == .TotalCount ? "TotalCount" : "Offset", min: 0)
            if field == .TotalCount { totalCount = n } else { pageOffset = n }
        case .hotel?:
            do { try hotel.set(field, buffer: text, interner: &interner) } catch {
                throw BodyReadFailure.invalid(error.field, error.problem, error.value)
            }
        case .getHotelResponse?:
            if field == .Description { detailDescription = leafText } else { imageURLs.append(leafText) }
        case .searchRequest?:
            try endQueryField(field)
        case .near?:
            near.set(field, text: Array(text.bytes))
        case .getHotelRequest?:
            hotelId = leafText
        case nil:
            break
        }
    }

    /// The field's text as an integer of at least `min`.
    func parseInt(_ field: String, min: Int?) throws(BodyReadFailure) -> Int {
        guard let n = IntegerText.parse(text.bytes) else { throw .invalid(field, "is not an integer", leafText) }
        if let min, n < min { throw .invalid(field, "must be at least \(min)", leafText) }
        return n
    }

    private func endHotel() throws {
        let built: HotelInfo
        do { built = try hotel.build() } catch { throw BodyReadFailure.invalid(error.field, error.problem, error.value) }
        if scopes.last == .getHotelResponse {
            detailHotel = built
            return
        }
        hotelsRead += 1
        if let onHotel {
            try onHotel(built)
        } else {
            hotels.append(built)
        }
    }
}
