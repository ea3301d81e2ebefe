/// The slots of a two-way set-associative cache, striped over locks: what `HotelRowCache`,
/// the server's `RenderedHotelCache` and its `WrittenStaysCache` keep their entries in.
///
/// A key picks one set of two slots (``set(of:)``), so finding and replacing cost the same
/// whatever the size; a new entry takes the place of an older version of itself, else an
/// empty slot, else the less recently used of the two. Two ways rather than one because keys
/// that share a slot evict each other on every use: the 400 hotels of 8 cities' first pages
/// missed 16 % of the time in 1,024 direct-mapped slots, each miss pricing and writing a
/// hotel's stays again (issue 33).
///
/// Set `i` lives in stripe `i % stripes`, so neighbouring keys (one page's rowids) fall under
/// different locks and loops reading pages rarely meet. An entry is a class: reading a set
/// costs two retains under the lock, and the caller's comparison runs outside it.
///
/// ```swift
/// let slots = CacheSlots<Box>(capacity: 4096)
/// let key = UInt(bitPattern: id.hashValue)
/// if let box = slots.find(key, where: { $0.id == id }) { return box }
/// let evicted = slots.insert(Box(id), for: key, replacing: { $0.id == id })  // release it after the lock, on its owner (FreeOnOwner)
/// ```
///
/// Public and `@inlinable` so that each cache's module specializes it for its entry: called
/// generically across modules, every read looked up the type's metadata and copied through
/// value witnesses (5 % of a deep page's CPU in `RenderedHotelCache`). `package` would do, but
/// this toolchain serializes a `package` body for other modules only with package CMO on.
public final class CacheSlots<Entry: AnyObject & Sendable>: Sendable {
    /// One stripe's sets: `ways` slots each, and which of them was used last.
    @usableFromInline struct Sets: Sendable {
        @usableFromInline var slots: [Entry?]
        @usableFromInline var recent: [UInt8]
    }

    @usableFromInline let stripes: LockStripes<Sets>
    /// Slots in all (an odd capacity asked for gets one fewer); 0 keeps nothing.
    public let capacity: Int
    /// Slots per set: 2, or 1 when `capacity` is 1.
    @usableFromInline let ways: Int
    @usableFromInline let sets: Int

    package init(capacity: Int) {
        ways = min(2, max(0, capacity))
        sets = ways == 0 ? 0 : capacity / ways
        self.capacity = sets * ways
        let count = max(1, min(LockStripes<Sets>.defaultCount, sets))
        let perStripe = (sets + count - 1) / count
        let ways = self.ways
        stripes = LockStripes(count: count) { _ in
            Sets(slots: Array(repeating: nil, count: perStripe * ways), recent: Array(repeating: 0, count: perStripe))
        }
    }

    /// The set for a key's number (a rowid, a hash); `capacity` must not be 0.
    @inlinable public func set(of key: UInt) -> Int { Int(key % UInt(sets)) }

    /// The entry of `key`'s set that `matches`, nil when none does. `matches` runs outside
    /// the lock, so another loop's lookup in this stripe does not wait for a comparison.
    @inlinable public func find(_ key: UInt, where matches: (Entry) -> Bool) -> Entry? {
        let set = set(of: key)
        let stripe = set % stripes.count
        let index = set / stripes.count
        let ways = self.ways
        let (first, second, recent) = stripes.withLock(stripe) { sets -> (Entry?, Entry?, Int) in
            (sets.slots[index * ways], ways > 1 ? sets.slots[index * ways + 1] : nil, Int(sets.recent[index]))
        }
        // Only a hit on the other way takes the lock again: a set read over and over
        // (a popular first page) costs one lock per lookup.
        func touch(_ way: Int, _ entry: Entry) {
            guard way != recent else { return }
            stripes.withLock(stripe) { sets in
                if sets.slots[index * ways + way] === entry { sets.recent[index] = UInt8(way) }
            }
        }
        if let first, matches(first) {
            touch(0, first)
            return first
        }
        if let second, matches(second) {
            touch(1, second)
            return second
        }
        return nil
    }

    /// Puts `new` in `key`'s set, in place of an entry that `isSame` (an older version of
    /// it), else in an empty slot, else in place of the less recently used; returns what it
    /// replaced, for the caller to release after the lock. `isSame` runs under the lock:
    /// keep it to comparing keys.
    @inlinable public func insert(_ new: Entry, for key: UInt, replacing isSame: (Entry) -> Bool) -> Entry? {
        let set = set(of: key)
        let index = set / stripes.count
        let ways = self.ways
        return stripes.withLock(set % stripes.count) { sets -> Entry? in
            let base = index * ways
            var way = (0..<ways).first { sets.slots[base + $0].map(isSame) ?? false }
            if way == nil { way = (0..<ways).first { sets.slots[base + $0] == nil } }
            let chosen = way ?? (ways - 1 - Int(sets.recent[index]))
            let old = sets.slots[base + chosen]
            sets.slots[base + chosen] = new
            sets.recent[index] = UInt8(chosen)
            return old
        }
    }

    /// Entries held (for tests and statistics).
    package var count: Int { stripes.reduce(0) { total, sets in total + sets.slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}
