/// A small thread-safe least-recently-used cache. The catalog keeps `TotalCount`s in one,
/// keyed by the query's filters: the interactive table asks for many pages of one query.
///
/// Split over stripes by key (``LockStripes``), each a least-recently-used cache of its
/// share of the capacity: one lock for all had every search on every loop take it. What
/// is evicted is the least recently used key of its stripe, not of the whole cache.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Shard: Sendable {
        var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        /// Counted under the lock a lookup takes anyway (`CacheStatistics`).
        var hits = 0
        var misses = 0
    }

    private let shards: LockStripes<Shard>
    /// Entries a stripe keeps.
    private let perShard: Int
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        // Stripes of at least 8 entries, so a stripe still has a least recently used one
        // to give up; at most 16 stripes, past the cores the server runs on.
        let count = max(1, min(16, self.capacity / 8))
        perShard = (self.capacity + count - 1) / count
        shards = LockStripes(count: count) { _ in Shard() }
    }

    func value(for key: Key) -> Value? {
        shards.withLock(LockStripes<Shard>.stripe(of: key, count: shards.count)) { shard in
            guard let entry = shard.entries[key] else {
                shard.misses += 1
                return nil
            }
            shard.hits += 1
            shard.clock += 1
            shard.entries[key] = (entry.value, shard.clock)
            return entry.value
        }
    }

    func insert(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        let limit = perShard
        shards.withLock(LockStripes<Shard>.stripe(of: key, count: shards.count)) { shard in
            shard.clock += 1
            if shard.entries[key] == nil, shard.entries.count >= limit,
                let oldest = shard.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                shard.entries[oldest] = nil
            }
            shard.entries[key] = (value, shard.clock)
        }
    }

    var count: Int { shards.reduce(0) { $0 + $1.entries.count } }

    /// Lookups answered and not, since the cache was made.
    func statistics(name: String) -> CacheStatistics {
        let (hits, misses) = shards.reduce((0, 0)) { ($0.0 + $1.hits, $0.1 + $1.misses) }
        return CacheStatistics(cache: name, hits: hits, misses: misses)
    }
}
