import Foundation

/// A small thread-safe least-recently-used cache. The catalog keeps `TotalCount`s in one,
/// keyed by the query's filters: the interactive table asks for many pages of one query.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// Counted under the lock a lookup takes anyway (`CacheStatistics`).
    private var hits = 0
    private var misses = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(0, capacity) }

    func value(for key: Key) -> Value? {
        lock.withLock {
            guard let entry = entries[key] else {
                misses += 1
                return nil
            }
            hits += 1
            clock += 1
            entries[key] = (entry.value, clock)
            return entry.value
        }
    }

    func insert(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        lock.withLock {
            clock += 1
            if entries[key] == nil, entries.count >= capacity,
                let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                entries[oldest] = nil
            }
            entries[key] = (value, clock)
        }
    }

    var count: Int { lock.withLock { entries.count } }

    /// Lookups answered and not, since the cache was made.
    func statistics(name: String) -> CacheStatistics {
        lock.withLock { CacheStatistics(cache: name, hits: hits, misses: misses) }
    }
}
