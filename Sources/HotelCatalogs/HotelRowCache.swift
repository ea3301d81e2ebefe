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
/// Two-way set-associative (``CacheSlots``): the rowid picks the one set of two slots a hotel
/// can be in, so finding and replacing cost the same whatever the size, and a catalog no
/// larger than the capacity (rowids are dense from 1) never evicts.
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

    private let slots: CacheSlots<Slot>
    var capacity: Int { slots.capacity }
    /// Rows found and not (`CacheStatistics`): one relaxed add each per page, not per row.
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// `capacity` 0 keeps nothing.
    init(capacity: Int) {
        slots = CacheSlots(capacity: capacity)
    }

    /// The cached hotel for each rowid read under `generation`, nil where there is none.
    func hotels(_ rowids: [Int64], generation: UInt64) -> [HotelInfo?] {
        guard capacity > 0 else {
            missCount.wrappingAdd(rowids.count, ordering: .relaxed)
            return Array(repeating: nil, count: rowids.count)
        }
        var hits = 0
        let found = rowids.map { rowid -> HotelInfo? in
            let found = slots.find(UInt(truncatingIfNeeded: rowid)) { $0.rowid == rowid && $0.generation == generation }
            guard let found else { return nil }
            hits += 1
            return found.hotel
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
            let new = Slot(rowid: rowid, generation: generation, hotel: hotel, owner: me)
            let old = slots.insert(new, for: UInt(truncatingIfNeeded: rowid)) { $0.rowid == rowid }
            if let old { replaced.append((old.owner, old)) }
        }
        // After the locks: ours are released here when `replaced` goes, the others' by
        // the threads that read them (`FreeOnOwner`: freeing another loop's strings took
        // that loop's malloc arena lock).
        FreeOnOwner.shared.give(replaced, from: me)
    }

    var count: Int { slots.count }
}
