/// The bytes of the text field being collected. A plain growable buffer: resetting it per
/// field must cost nothing, which `Array.removeAll(keepingCapacity:)` does not quite.
public struct TextBuffer: ~Copyable {
    // @usableFromInline: `append` and `reset` run on every text event of every reader
    // above this module, and must inline there.
    public var base: UnsafeMutablePointer<UInt8>
    public var count = 0
    @usableFromInline var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inlinable
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The text without XML whitespace at either end, as schema types with
    /// `whiteSpace="collapse"` (codes, URIs, numbers) read it.
    package var trimmedString: String { String(decoding: bytes.trimmingXMLSpace, as: UTF8.self) }

    @inlinable
    public static func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    @inlinable @inline(__always)
    public mutating func reset() { count = 0 }

    @inlinable @inline(__always)
    public mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
        guard let source = more.baseAddress, more.count > 0 else { return }
        if count + more.count > capacity { grow(to: count + more.count) }
        (base + count).update(from: source, count: more.count)
        count += more.count
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes without XML whitespace (space, tab, CR, LF) at either end.
    @inlinable
    package var trimmingXMLSpace: UnsafeBufferPointer<UInt8> {
        var lo = 0
        var hi = count
        while lo < hi, TextBuffer.isXMLSpace(self[lo]) { lo += 1 }
        while hi > lo, TextBuffer.isXMLSpace(self[hi - 1]) { hi -= 1 }
        return UnsafeBufferPointer(rebasing: self[lo..<hi])
    }
}
