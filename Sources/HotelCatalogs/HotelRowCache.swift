import HotelSOAP
import Synchronization

/// Hotels already read from the catalog, by rowid.
///
/// Why: the pages users ask for repeat the same rows (a popular city's first page), and
/// reading a row into a ``HotelInfo`` (eight strings, a price, a list of amenities) was
/// the largest part of a search after the response itself. The catalog may change while
/// served (`hotels import`), so each slot keeps the generation of ``SQLiteChangeWatch`` it was
/// read under and answers only under the same one: a commit empties the cache at once,
/// without a pass over it.
///
/// Direct-mapped: rowid modulo the capacity picks the one slot a hotel can be in, so
/// finding and replacing cost the same whatever the size, and a catalog no larger than
/// the capacity (rowids are dense from 1) never evicts.
final class HotelRowCache: Sendable {
    /// A class: checking a slot's rowid then costs one retain, where a struct's copy
    /// retained every string of the hotel.
    private final class Slot: Sendable {
        let rowid: Int64
        let generation: UInt64
        let hotel: HotelInfo
        /// The thread that read it (`ThreadIndex`), which frees it (`FreeOnOwner`).
        let owner: Int

        init(rowid: Int64, generation: UInt64, hotel: HotelInfo, owner: Int) {
            self.rowid = rowid
            self.generation = generation
            self.hotel = hotel
            self.owner = owner
        }
    }

    /// Slot `i` is at `i / stripes.count` in stripe `i % stripes.count`: neighbouring
    /// rowids (one page) fall in different stripes, so loops reading pages rarely meet.
    private let stripes: LockStripes<[Slot?]>
    let capacity: Int
    /// Rows found and not (`CacheStatistics`): one relaxed add each per page, not per row.
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// `capacity` 0 keeps nothing.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
        let count = max(1, min(LockStripes<[Slot?]>.defaultCount, self.capacity))
        let perStripe = (self.capacity + count - 1) / count
        stripes = LockStripes(count: count) { _ in Array(repeating: nil, count: perStripe) }
    }

    /// The cached hotel for each rowid read under `generation`, nil where there is none.
    func hotels(_ rowids: [Int64], generation: UInt64) -> [HotelInfo?] {
        guard capacity > 0 else {
            missCount.wrappingAdd(rowids.count, ordering: .relaxed)
            return Array(repeating: nil, count: rowids.count)
        }
        var hits = 0
        let found = rowids.map { rowid -> HotelInfo? in
            let (stripe, position) = place(rowid)
            let slot = stripes.withLock(stripe) { $0[position] }
            guard let slot, slot.rowid == rowid, slot.generation == generation else { return nil }
            hits += 1
            return slot.hotel
        }
        if hits > 0 { hitCount.wrappingAdd(hits, ordering: .relaxed) }
        if hits < rowids.count { missCount.wrappingAdd(rowids.count - hits, ordering: .relaxed) }
        return found
    }

    /// Rows found and not, since the cache was made.
    var statistics: CacheStatistics {
        CacheStatistics(cache: "hotel_rows", hits: hitCount.load(ordering: .relaxed), misses: missCount.load(ordering: .relaxed))
    }

    func insert(_ hotels: [(rowid: Int64, hotel: HotelInfo)], generation: UInt64) {
        guard capacity > 0, !hotels.isEmpty else { return }
        let me = ThreadIndex.current
        FreeOnOwner.shared.collect(me)
        var replaced: [(owner: Int, entry: FreeOnOwner.Entry)] = []
        replaced.reserveCapacity(hotels.count)
        for (rowid, hotel) in hotels {
            let (stripe, position) = place(rowid)
            let new = Slot(rowid: rowid, generation: generation, hotel: hotel, owner: me)
            let old = stripes.withLock(stripe) { slots -> Slot? in
                let old = slots[position]
                slots[position] = new
                return old
            }
            if let old { replaced.append((old.owner, old)) }
        }
        // After the locks: ours are released here when `replaced` goes, the others' by
        // the threads that read them (`FreeOnOwner`: freeing another loop's strings took
        // that loop's malloc arena lock).
        FreeOnOwner.shared.give(replaced, from: me)
    }

    var count: Int { stripes.reduce(0) { total, slots in total + slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }

    private func place(_ rowid: Int64) -> (stripe: Int, position: Int) {
        let index = Int(UInt64(bitPattern: rowid) % UInt64(capacity))
        return (index % stripes.count, index / stripes.count)
    }
}
