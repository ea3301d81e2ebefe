/// The stack of known elements the handler is inside, on storage it owns. A Swift array
/// here cost a uniqueness check and a retain/release of its buffer on every push, pop and
/// peek, millions of times per large response; the depth is bounded by the parser's
/// `maxDepth`, so a fixed buffer is enough.
public struct ScopeStack<Element: BitwiseCopyable>: ~Copyable {
    // @usableFromInline: generic, and touched on every element; unspecialized across the
    // module boundary it would cost a witness-table call per push, pop and peek.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let capacity: Int
    public var count = 0

    @inlinable @inline(__always)
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inlinable @inline(__always)
    public var last: Element? { count > 0 ? base[count - 1] : nil }

    @inlinable @inline(__always)
    public mutating func append(_ element: Element) {
        // The handler refuses elements deeper than maxDepth before pushing, so this only
        // guards against a caller that sized the stack wrongly.
        precondition(count < capacity, "ScopeStack overflow")
        base[count] = element
        count += 1
    }

    @inlinable @inline(__always)
    public mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    @inlinable @inline(__always)
    public func contains(where predicate: (Element) -> Bool) -> Bool {
        for i in 0..<count where predicate(base[i]) { return true }
        return false
    }
}
