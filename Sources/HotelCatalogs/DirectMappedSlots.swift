/// The slots of a direct-mapped cache, striped over locks: what `HotelRowCache`,
/// the server's `RenderedHotelCache` and its `WrittenStaysCache` keep their entries in.
///
/// Direct-mapped: a key picks the one slot its entry can be in (``slot(of:)``), so finding and
/// replacing cost the same whatever the size. Slot `i` lives in stripe `i % stripes`, so
/// neighbouring keys (one page's rowids) fall under different locks and loops reading pages
/// rarely meet (issue 33). An entry is a class: reading a slot costs one retain under the
/// lock, and the caller compares it outside.
///
/// ```swift
/// let slots = DirectMappedSlots<Box>(capacity: 4096)
/// let slot = slots.slot(of: UInt(bitPattern: id.hashValue))
/// if let entry = slots[slot], entry.id == id { return entry }
/// let evicted = slots.replace(slot, with: Box(id))  // release it after the lock, on its owner (FreeOnOwner)
/// ```
///
/// Public and `@inlinable` so that each cache's module specializes it for its entry: called
/// generically across modules, every read looked up the type's metadata and copied through
/// value witnesses (5 % of a deep page's CPU in `RenderedHotelCache`). `package` would do, but
/// this toolchain serializes a `package` body for other modules only with package CMO on.
public final class DirectMappedSlots<Entry: AnyObject & Sendable>: Sendable {
    @usableFromInline let stripes: LockStripes<[Entry?]>
    /// Slots; 0 keeps nothing (and ``slot(of:)`` must not be asked).
    public let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
        let count = max(1, min(LockStripes<[Entry?]>.defaultCount, self.capacity))
        let perStripe = (self.capacity + count - 1) / count
        stripes = LockStripes(count: count) { _ in Array(repeating: nil, count: perStripe) }
    }

    /// The slot for a key's number (a rowid, a hash).
    @inlinable public func slot(of key: UInt) -> Int { Int(key % UInt(capacity)) }

    /// The entry in `slot`, if any.
    @inlinable public subscript(slot: Int) -> Entry? {
        stripes.withLock(slot % stripes.count) { $0[slot / stripes.count] }
    }

    /// Puts `new` in `slot` and returns what was there, for the caller to release after the lock.
    @inlinable public func replace(_ slot: Int, with new: Entry) -> Entry? {
        stripes.withLock(slot % stripes.count) { slots -> Entry? in
            let old = slots[slot / stripes.count]
            slots[slot / stripes.count] = new
            return old
        }
    }

    /// Entries held (for tests and statistics).
    package var count: Int { stripes.reduce(0) { total, slots in total + slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}
