import HotelXML

/// Every element name the contract and SOAP define. Parsing compares these small
/// integers instead of strings. The cases are spelt as the elements are, so their
/// names are the lookup table's keys (`byText`).
// swift-format-ignore: AlwaysUseLowerCamelCase
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
    // WS-Security in a request's Header (wsse: and wsu:)
    case Security, UsernameToken, Username, Password, Nonce, Created, Timestamp, Expires

    /// A set of names as a bit mask: membership without hashing (so at most 64 names).
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
    case none, soap11, soap12, contract, wsse, wsu, ota, other

    init(uri: String?) {
        switch uri {
        case nil, "": self = .none
        case SOAPVersion.v11.envelopeNamespace: self = .soap11
        case SOAPVersion.v12.envelopeNamespace: self = .soap12
        case HotelSearchContract.namespace: self = .contract
        case WSSecurity.secext: self = .wsse
        case WSSecurity.utility: self = .wsu
        case OTA.namespace: self = .ota
        default: self = .other
        }
    }
}

/// A vocabulary of names a `NameCache` maps libxml2's interned names to: the contract's
/// and SOAP's `ElementName`, OpenTravel's `OTAName`.
protocol InternedName {
    /// What every name outside the vocabulary maps to.
    static var unknown: Self { get }
    /// The name spelt `text`, or `unknown`.
    static func named(_ text: String) -> Self
}

extension ElementName: InternedName {
    static func named(_ text: String) -> ElementName { byText[text] ?? .unknown }
}

/// Maps libxml2's interned name pointers to a vocabulary's names (`ElementName`, `OTAName`)
/// and namespace URIs to `NamespaceKind`. libxml2 hands the same pointer for the same name
/// throughout a document, so after the first occurrence a lookup is one or two probes of a
/// small open-addressing table, with no string built or compared.
///
/// The table hashes the whole pointer: libxml2 packs dictionary strings next to each
/// other, so a hash of a few address bits made `Name` and `Address` share a slot and
/// evict each other on every hotel (3 % of the parse went to rebuilding them).
struct NameCache<Name: InternedName>: ~Copyable {
    private static var capacity: Int { 128 }  // a power of two, well above the ~45 names we know
    private let keys: UnsafeMutablePointer<UnsafeRawPointer?>
    private let names: UnsafeMutablePointer<Name>
    private var used = 0
    private var namespaceKeys: [UnsafeRawPointer] = []
    private var namespaceKinds: [NamespaceKind] = []
    private var lastNamespaceKey: UnsafeRawPointer?
    private var lastNamespaceKind = NamespaceKind.none

    init() {
        keys = .allocate(capacity: NameCache.capacity)
        keys.initialize(repeating: nil, count: NameCache.capacity)
        names = .allocate(capacity: NameCache.capacity)
        names.initialize(repeating: Name.unknown, count: NameCache.capacity)
    }

    deinit {
        keys.deallocate()
        names.deallocate()
    }

    @inline(__always)
    private static func slot(_ p: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: p) &* 0x9E37_79B9_7F4A_7C15) >> 57) & (capacity - 1)
    }

    @inline(__always)
    mutating func name(_ p: UnsafePointer<UInt8>, driver: SAXDriver) -> Name {
        name(p, interned: driver.isInterned(p))
    }

    /// `interned` tells whether `p` is one of the document's interned names (asked on a
    /// miss only): `SAXDriver.isInterned`, or `InternedNames.contains` where holding the
    /// driver would cost a retain per call.
    @inline(__always)
    mutating func name(_ p: UnsafePointer<UInt8>, interned: @autoclosure () -> Bool) -> Name {
        let key = UnsafeRawPointer(p)
        var slot = NameCache.slot(key)
        while let stored = keys[slot] {
            if stored == key { return names[slot] }
            slot = (slot + 1) & (NameCache.capacity - 1)
        }
        return miss(p, slot: slot, interned: interned)
    }

    private mutating func miss(_ p: UnsafePointer<UInt8>, slot: Int, interned: () -> Bool) -> Name {
        let name = Name.named(String(cString: p))
        // Only interned pointers are stable keys; anything else is looked up every time.
        // Keep the table at most half full so probes stay short; a document with more
        // distinct names than that only loses the cache for the extra ones.
        if used < NameCache.capacity / 2, interned() {
            keys[slot] = UnsafeRawPointer(p)
            names[slot] = name
            used += 1
        }
        return name
    }

    @inline(__always)
    mutating func namespace(_ p: UnsafePointer<UInt8>?, driver: SAXDriver) -> NamespaceKind {
        namespace(p, interned: p.map(driver.isInterned) ?? false)
    }

    @inline(__always)
    mutating func namespace(_ p: UnsafePointer<UInt8>?, interned: @autoclosure () -> Bool) -> NamespaceKind {
        guard let p else { return .none }
        let key = UnsafeRawPointer(p)
        if key == lastNamespaceKey { return lastNamespaceKind }
        for i in namespaceKeys.indices where namespaceKeys[i] == key {
            lastNamespaceKey = key
            lastNamespaceKind = namespaceKinds[i]
            return namespaceKinds[i]
        }
        let kind = NamespaceKind(uri: String(cString: p))
        if interned(), namespaceKeys.count < 16 {
            namespaceKeys.append(key)
            namespaceKinds.append(kind)
        }
        return kind
    }
}

extension NamespaceKind {
    var isEnvelope: Bool { self == .soap11 || self == .soap12 }
}
