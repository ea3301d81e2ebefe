import Foundation

/// Hands out the same `String` for the same short text: a response repeats a few dozen
/// cities, countries, amenities and currencies across thousands of hotels, and a hit
/// skips UTF-8 validation, allocation and (for longer values) the later free.
///
/// ```swift
/// var interner = StringInterner()
/// let city = interner.string(bytes)   // "Berlin", shared with every earlier "Berlin"
/// ```
///
/// Direct-mapped and overwritten on collision, so memory stays fixed however many
/// distinct values a hostile response sends; they only cost a miss each.
public struct StringInterner: ~Copyable {
    @usableFromInline static let slots = 256  // a power of two
    /// Longer values are rarely repeated (names, addresses, URLs) and are not cached.
    public static let maxLength = 32

    /// Per slot: the hash (0: empty), the length, the bytes and the string.
    // @usableFromInline: `string` runs for every city, country, amenity and currency of a
    // response, from the readers in the module above, and must inline there.
    @usableFromInline let hashes: UnsafeMutablePointer<UInt64>
    @usableFromInline let lengths: UnsafeMutablePointer<Int>
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let strings: UnsafeMutablePointer<String>

    package init() {
        hashes = .allocate(capacity: Self.slots)
        hashes.initialize(repeating: 0, count: Self.slots)
        lengths = .allocate(capacity: Self.slots)
        lengths.initialize(repeating: 0, count: Self.slots)
        bytes = .allocate(capacity: Self.slots * Self.maxLength)
        strings = .allocate(capacity: Self.slots)
        strings.initialize(repeating: "", count: Self.slots)
    }

    deinit {
        hashes.deallocate()
        lengths.deallocate()
        bytes.deallocate()
        strings.deinitialize(count: Self.slots)
        strings.deallocate()
    }

    /// The text as a `String`, invalid UTF-8 repaired as `String(decoding:as:)` does.
    @inlinable @inline(__always)
    public mutating func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard let source = text.baseAddress, text.count <= Self.maxLength else {
            return String(decoding: text, as: UTF8.self)
        }
        // FNV-1a; `| 1` keeps 0 free to mean "empty slot".
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in text { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        hash |= 1
        let slot = Int(truncatingIfNeeded: hash >> 40) & (Self.slots - 1)
        let stored = bytes + slot * Self.maxLength
        if hashes[slot] == hash, lengths[slot] == text.count, memcmp(stored, source, text.count) == 0 {
            return strings[slot]
        }
        let made = String(decoding: text, as: UTF8.self)
        hashes[slot] = hash
        lengths[slot] = text.count
        stored.update(from: source, count: text.count)
        strings[slot] = made
        return made
    }
}
