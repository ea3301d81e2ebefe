/// A growable stack of plain values in memory the reader owns, for the matcher's per-element
/// state: an `Array` there costs a uniqueness check on every push and write, once per start
/// tag and per field (measured: a tenth of the dialect file's parse).
///
/// ```swift
/// var levels = MatchStack<Int32>()
/// levels.push(0)
/// levels.top = 3
/// levels.pop()
/// ```
struct MatchStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The last pushed value; the stack must not be empty.
    var top: Element {
        @inline(__always) get { base[count - 1] }
        @inline(__always) set { base[count - 1] = newValue }
    }

    @inline(__always)
    subscript(i: Int) -> Element { base[i] }

    @inline(__always)
    mutating func push(_ value: Element) {
        if count == capacity { grow() }
        base[count] = value
        count += 1
    }

    @inline(__always)
    mutating func pop() { count -= 1 }

    /// Drops everything above the first `count` values.
    @inline(__always)
    mutating func truncate(to count: Int) { self.count = min(self.count, count) }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
