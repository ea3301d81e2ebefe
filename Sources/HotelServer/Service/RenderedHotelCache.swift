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
/// Kept in `CacheSlots` by the id's hash, as `HotelRowCache` is: a lookup costs the same at any size.
final class RenderedHotelCache: Sendable {
    /// A class: reading a slot then costs one retain, where a struct's copy retained
    /// every string of the hotel (profiled at 4 % of a search).
    private final class Entry: Sendable {
        /// The hotel as the catalog gave it, without a distance.
        let source: HotelInfo
        let base: String
        let rendered: RenderedHotel
        /// The thread that wrote it (`ThreadIndex`), which frees it (`FreeOnOwner`).
        let owner: Int

        init(source: HotelInfo, base: String, rendered: RenderedHotel, owner: Int) {
            self.source = source
            self.base = base
            self.rendered = rendered
            self.owner = owner
        }
    }

    private let slots: CacheSlots<Entry>
    var capacity: Int { slots.capacity }

    /// As many hotels as `HotelRowCache` keeps rows (16,384, about 9 MB here): at a quarter
    /// of that, three of four rows the catalog had kept were written anew on every page that
    /// showed them (issue 33: deep pages hit 24 % of hotels written at 4,096, 62 % at 16,384
    /// direct-mapped, 72 % in two ways; 7 % less CPU per page for the size, 9 MB more peak
    /// RSS). `capacity` 0 keeps nothing.
    init(capacity: Int = 16_384) {
        slots = CacheSlots(capacity: capacity)
    }

    /// `hotel` written with its `LogoURL` made absolute by `address`, from the cache when
    /// it holds this very hotel; its `distanceKm` is left for the caller to write.
    func rendered(_ hotel: HotelInfo, address: ServerAddress) throws(XMLWriterError) -> RenderedHotel {
        try rendered([hotel], address: address).hotels[0]
    }

    /// A page's hotels, each as above, and how many the cache answered: the caller reports
    /// a page's hits once (`CacheCounters`). What the page evicts goes back to the threads
    /// that wrote it in one hand-over (`FreeOnOwner`).
    func rendered(_ hotels: [HotelInfo], address: ServerAddress) throws(XMLWriterError) -> (hotels: [RenderedHotel], hits: Int) {
        guard capacity > 0 else {
            return (try hotels.map { hotel throws(XMLWriterError) in try RenderedHotel(address.absolutize(hotel)) }, 0)
        }
        let base = address.url
        let me = ThreadIndex.current
        FreeOnOwner.shared.collect(me)
        var evicted: [(owner: Int, entry: FreeOnOwner.Entry)] = []
        var hits = 0
        var written: [RenderedHotel] = []
        written.reserveCapacity(hotels.count)
        for hotel in hotels {
            written.append(try rendered(hotel, base: base, address: address, owner: me, hits: &hits, evicted: &evicted))
        }
        FreeOnOwner.shared.give(evicted, from: me)
        return (written, hits)
    }

    private func rendered(
        _ hotel: HotelInfo, base: String, address: ServerAddress, owner: Int, hits: inout Int,
        evicted: inout [(owner: Int, entry: FreeOnOwner.Entry)]
    ) throws(XMLWriterError) -> RenderedHotel {
        let key = UInt(bitPattern: hotel.id.hashValue)
        // One retain per slot under the lock; compared outside it, so another loop's lookup
        // in this stripe does not wait for two hotels' strings to be compared.
        if let hit = slots.find(key, where: { $0.base == base && $0.source.equalsIgnoringDistance(hotel) }) {
            hits += 1
            return hit.rendered
        }
        let rendered = try RenderedHotel(address.absolutize(hotel))
        var source = hotel
        source.distanceKm = nil
        let new = Entry(source: source, base: base, rendered: rendered, owner: owner)
        let id = hotel.id
        let replaced = slots.insert(new, for: key) { $0.source.id == id }
        // Freed after the lock, by the thread that wrote it: freeing another loop's bytes
        // took that loop's malloc arena lock.
        if let replaced { evicted.append((replaced.owner, replaced)) }
        return rendered
    }

    var count: Int { slots.count }
}
