/// An element's (local name, namespace URI) pointers → its `PathAutomaton` name class, in an
/// open-addressing table like `PointerCache`: the parser interns names, so after a name's
/// first occurrence one probe answers for both halves of it, where two lookups and the
/// class table cost a fifth of the matcher's time per start tag.
///
/// ```swift
/// var cache = NameClassCache()
/// cache.insert(local, uri, 3)
/// cache.lookup(local, uri)  // 3
/// ```
struct NameClassCache {
    private static let capacity = 256
    private var locals = [UnsafeRawPointer?](repeating: nil, count: NameClassCache.capacity)
    private var uris = [UnsafeRawPointer?](repeating: nil, count: NameClassCache.capacity)
    private var classes = [Int](repeating: 0, count: NameClassCache.capacity)
    private var used = 0

    @inline(__always)
    private static func slot(_ p: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: p) &* 0x9E37_79B9_7F4A_7C15) >> 56) & (capacity - 1)
    }

    @inline(__always)
    func lookup(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) -> Int? {
        let key = UnsafeRawPointer(local)
        let uriKey = uri.map { UnsafeRawPointer($0) }
        var slot = Self.slot(key)
        while let stored = locals[slot] {
            if stored == key && uris[slot] == uriKey { return classes[slot] }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        return nil
    }

    /// Keeps the table at most half full; past that, names are looked up every time.
    mutating func insert(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ nameClass: Int) {
        guard used < Self.capacity / 2 else { return }
        let key = UnsafeRawPointer(local)
        let uriKey = uri.map { UnsafeRawPointer($0) }
        var slot = Self.slot(key)
        while let stored = locals[slot] {
            if stored == key && uris[slot] == uriKey { return }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        locals[slot] = key
        uris[slot] = uriKey
        classes[slot] = nameClass
        used += 1
    }
}
