import Synchronization

/// A value split over several locks instead of kept behind one: the caches every request
/// reads (rows, rendered hotels, counts) were one mutex each, so with a loop per core
/// the loops took turns at them (issue 33: CPU per request grew with cores). A key picks
/// its stripe; two loops meet only when their keys fall in the same one.
///
/// ```swift
/// let counts = LockStripes(count: 16) { _ in [String: Int]() }
/// counts.withLock(LockStripes<[String: Int]>.stripe(of: "Paris", count: 16)) { $0["Paris", default: 0] += 1 }
/// ```
public final class LockStripes<Value: Sendable>: Sendable {
    /// Each stripe its own object, padded past a cache line: two locks on one line would
    /// make the loops taking them reload each other's caches all the same.
    @usableFromInline final class Stripe: Sendable {
        @usableFromInline let value: Mutex<Value>
        private let padding: (Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0)

        init(_ value: sending Value) { self.value = Mutex(value) }
    }

    @usableFromInline let stripes: [Stripe]

    /// Stripes when the caller has no better number: past the cores of machines we run on,
    /// so two loops rarely share one, and few enough that a pass over all stays cheap.
    package static var defaultCount: Int { 64 }

    @inlinable public var count: Int { stripes.count }

    /// `count` stripes (at least 1), stripe `i` starting as `make(i)`.
    package init(count: Int, _ make: (Int) -> sending Value) {
        stripes = (0..<max(1, count)).map { Stripe(make($0)) }
    }

    /// Runs `body` with stripe `index` locked.
    @inlinable public func withLock<T>(_ index: Int, _ body: (inout sending Value) throws -> sending T) rethrows -> sending T {
        try stripes[index].value.withLock(body)
    }

    /// `body` over every stripe in turn, each locked only while it runs (for counts and
    /// statistics, never on a request's path).
    package func reduce<T: Sendable>(_ initial: T, _ body: (T, Value) -> T) -> T {
        var result = initial
        for stripe in stripes {
            // The copy leaves the lock's region; `result` stays outside it.
            let current = result
            result = stripe.value.withLock { value in body(current, value) }
        }
        return result
    }

    /// The stripe a hashable key falls in.
    package static func stripe<Key: Hashable>(of key: Key, count: Int) -> Int { Int(UInt(bitPattern: key.hashValue) % UInt(count)) }
}
