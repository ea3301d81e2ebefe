import Foundation
import HotelSOAP
import HotelXML

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
