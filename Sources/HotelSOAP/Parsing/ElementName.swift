import CLibXML2

/// Every element name the contract and SOAP define. Parsing compares these small
/// integers instead of strings.
enum ElementName: UInt8 {
    case unknown
    // SOAP envelope (both versions)
    case Envelope, Header, Body, Fault
    // SOAP 1.1 fault (unqualified)
    case faultcode, faultstring, faultactor, detail
    // SOAP 1.2 fault
    case Code, Subcode, Value, Reason, Text, Detail
    // The contract
    case SearchHotels, GetHotel, SearchHotelsResponse, GetHotelResponse, SearchFault
    case TotalCount, Offset, Limit, Hotel, HotelId, Name, Address, City, Country
    case Latitude, Longitude, Stars, Price, DistanceKm, LogoURL, Phone, Amenity
    case Description, ImageURL, Near, RadiusKm, MinStars, MaxPrice, Currency
    case CheckIn, CheckOut, Guests, SortBy, Message, Field

    /// A set of names as a bit mask: membership without hashing.
    struct Set {
        let bits: UInt64
        init(_ names: [ElementName]) { bits = names.reduce(0) { $0 | (1 << UInt64($1.rawValue)) } }
        @inline(__always) func contains(_ name: ElementName) -> Bool { bits & (1 << UInt64(name.rawValue)) != 0 }
    }

    static let byText: [String: ElementName] = {
        var table: [String: ElementName] = [:]
        var raw: UInt8 = 1
        while let name = ElementName(rawValue: raw) {
            table["\(name)"] = name
            raw += 1
        }
        return table
    }()
}

/// Which namespace an element is in, as far as we care.
enum NamespaceKind: UInt8 {
    case none, soap11, soap12, contract, other

    init(uri: String?) {
        switch uri {
        case nil, "": self = .none
        case SOAPVersion.v11.envelopeNamespace: self = .soap11
        case SOAPVersion.v12.envelopeNamespace: self = .soap12
        case HotelSearchContract.namespace: self = .contract
        default: self = .other
        }
    }
}

/// Maps libxml2's interned name pointers to `ElementName`/`NamespaceKind`. libxml2 hands
/// the same pointer for the same name throughout a document, so after the first
/// occurrence a lookup is one array probe, with no string built or compared.
struct NameCache {
    private var keys = [UnsafeRawPointer?](repeating: nil, count: 256)
    private var names = [ElementName](repeating: .unknown, count: 256)
    private var namespaceKeys: [UnsafeRawPointer] = []
    private var namespaceKinds: [NamespaceKind] = []
    private var lastNamespaceKey: UnsafeRawPointer?
    private var lastNamespaceKind = NamespaceKind.none

    @inline(__always)
    private static func slot(_ p: UnsafeRawPointer) -> Int { (Int(bitPattern: p) >> 3) & 255 }

    @inline(__always)
    mutating func name(_ p: UnsafePointer<UInt8>, driver: SAXDriver) -> ElementName {
        let key = UnsafeRawPointer(p)
        let slot = NameCache.slot(key)
        if keys[slot] == key { return names[slot] }
        return miss(p, slot: slot, driver: driver)
    }

    private mutating func miss(_ p: UnsafePointer<UInt8>, slot: Int, driver: SAXDriver) -> ElementName {
        let key = UnsafeRawPointer(p)
        let name = ElementName.byText[String(cString: p)] ?? .unknown
        // Only interned pointers are stable keys; anything else is looked up every time.
        if driver.isInterned(p) {
            keys[slot] = key
            names[slot] = name
        }
        return name
    }

    @inline(__always)
    mutating func namespace(_ p: UnsafePointer<UInt8>?, driver: SAXDriver) -> NamespaceKind {
        guard let p else { return .none }
        let key = UnsafeRawPointer(p)
        if key == lastNamespaceKey { return lastNamespaceKind }
        for i in namespaceKeys.indices where namespaceKeys[i] == key {
            lastNamespaceKey = key
            lastNamespaceKind = namespaceKinds[i]
            return namespaceKinds[i]
        }
        let kind = NamespaceKind(uri: String(cString: p))
        if driver.isInterned(p), namespaceKeys.count < 16 {
            namespaceKeys.append(key)
            namespaceKinds.append(kind)
        }
        return kind
    }
}
