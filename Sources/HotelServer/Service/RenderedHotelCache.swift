import HotelCatalogs
import HotelSOAP
import HotelXML

/// `Hotel` elements already written (``RenderedHotel``), by `HotelId`.
///
/// Why: with the rows cached (`HotelRowCache`), escaping the same 50 hotels into the same
/// XML was the largest part of a city search. An entry is used only for a hotel equal in
/// every field to the one it was written from, under the same public address (its
/// `LogoURL`), so a catalog that changes under a running server (PostgreSQL) is still
/// answered right: a changed hotel is written again.
///
/// Direct-mapped by the id's hash, as `HotelRowCache` is: a lookup costs the same at any size.
final class RenderedHotelCache: Sendable {
    /// A class: reading a slot then costs one retain, where a struct's copy retained
    /// every string of the hotel (profiled at 4 % of a search).
    private final class Entry: Sendable {
        /// The hotel as the catalog gave it, without a distance.
        let source: HotelInfo
        let base: String
        let rendered: RenderedHotel

        init(source: HotelInfo, base: String, rendered: RenderedHotel) {
            self.source = source
            self.base = base
            self.rendered = rendered
        }
    }

    /// Slot `i` is at `i / stripes.count` in stripe `i % stripes.count` (as in `HotelRowCache`):
    /// one lock for all 4,096 had the loops taking turns at it.
    private let stripes: LockStripes<[Entry?]>
    let capacity: Int

    /// About 2 MB at 4,096 hotels: the first pages of many queries. `capacity` 0 keeps nothing.
    init(capacity: Int = 4096) {
        self.capacity = max(0, capacity)
        let count = max(1, min(LockStripes<[Entry?]>.defaultCount, self.capacity))
        let perStripe = (self.capacity + count - 1) / count
        stripes = LockStripes(count: count) { _ in Array(repeating: nil, count: perStripe) }
    }

    /// `hotel` written with its `LogoURL` made absolute by `address`, from the cache when
    /// it holds this very hotel; its `distanceKm` is left for the caller to write.
    func rendered(_ hotel: HotelInfo, address: ServerAddress) throws(XMLWriterError) -> RenderedHotel {
        var hits = 0
        return try rendered(hotel, address: address, hits: &hits)
    }

    /// As above, adding 1 to `hits` when the cache answered: the caller counts a page's
    /// hits and reports them once (`CacheCounters`).
    func rendered(_ hotel: HotelInfo, address: ServerAddress, hits: inout Int) throws(XMLWriterError) -> RenderedHotel {
        let base = address.url
        guard capacity > 0 else { return try RenderedHotel(address.absolutize(hotel)) }
        let index = Int(UInt(bitPattern: hotel.id.hashValue) % UInt(capacity))
        let (stripe, position) = (index % stripes.count, index / stripes.count)
        // One retain under the lock; compared outside it, so another loop's lookup in this
        // stripe does not wait for two hotels' strings to be compared.
        let entry = stripes.withLock(stripe) { $0[position] }
        let hit = entry.flatMap { $0.base == base && $0.source.equalsIgnoringDistance(hotel) ? $0.rendered : nil }
        if let hit {
            hits += 1
            return hit
        }
        let rendered = try RenderedHotel(address.absolutize(hotel))
        var source = hotel
        source.distanceKm = nil
        let new = Entry(source: source, base: base, rendered: rendered)
        let replaced = stripes.withLock(stripe) { slots -> Entry? in
            let old = slots[position]
            slots[position] = new
            return old
        }
        // Released after the lock: its strings may be in another loop's malloc arena, whose
        // lock a free can wait for.
        _ = replaced
        return rendered
    }

    var count: Int { stripes.reduce(0) { total, slots in total + slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}
