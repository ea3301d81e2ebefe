import HotelCatalogs
import HotelSOAP
import HotelXML

/// Each hotel's OpenTravel `RoomStay`s already priced and written (``WrittenRoomStays``), by
/// `HotelId`: the `/ota` twin of ``RenderedHotelCache``.
///
/// Why: pricing a page of 50 hotels and writing their 150 stays was most of an
/// `OTA_HotelAvailRS`'s CPU (0.8–0.95 ms a page), and the p99 goal of issue 33 needs a page
/// under 0.7 ms. An entry is used only for a hotel equal in every field but its distance
/// (which `/ota` does not write) to the one it was written from, priced under equal
/// ``OTAPricing/Terms`` (dates, guests, rooms, currency): a catalog that changes under a
/// running server, or another request's dates, is written anew.
///
/// Kept in `CacheSlots` by the id's hash, like `RenderedHotelCache`; what it evicts goes back to the
/// thread that wrote it (`FreeOnOwner`).
final class WrittenStaysCache: Sendable {
    private final class Entry: Sendable {
        let source: HotelInfo
        let terms: OTAPricing.Terms
        let written: WrittenRoomStays
        /// The thread that wrote it (`ThreadIndex`), which frees it (`FreeOnOwner`).
        let owner: Int

        init(source: HotelInfo, terms: OTAPricing.Terms, written: WrittenRoomStays, owner: Int) {
            self.source = source
            self.terms = terms
            self.written = written
            self.owner = owner
        }
    }

    private let slots: CacheSlots<Entry>
    var capacity: Int { slots.capacity }

    /// About 4 MB at 1,024 hotels of three stays (3.6 KB each). `capacity` 0 keeps nothing.
    init(capacity: Int = 1024) {
        slots = CacheSlots(capacity: capacity)
    }

    /// Each hotel's stays priced by `pricing` and written, from the cache when it holds this
    /// very hotel under the same terms; hotels whose currency the pricing does not know have
    /// none (as `OTAPricing.stays` says) and are left out. `hits` counts hotels the cache answered.
    func written(_ hotels: [HotelInfo], pricing: OTAPricing) throws(XMLWriterError) -> (written: [WrittenRoomStays], hits: Int) {
        guard capacity > 0 else {
            var written: [WrittenRoomStays] = []
            for hotel in hotels { if let stays = pricing.stays(hotel) { written.append(try WrittenRoomStays(stays)) } }
            return (written, 0)
        }
        let terms = pricing.terms
        let me = ThreadIndex.current
        FreeOnOwner.shared.collect(me)
        var evicted: [(owner: Int, entry: FreeOnOwner.Entry)] = []
        var hits = 0
        var written: [WrittenRoomStays] = []
        written.reserveCapacity(hotels.count)
        for hotel in hotels {
            let key = UInt(bitPattern: hotel.id.hashValue)
            // Retained under the lock; compared outside it.
            if let entry = slots.find(key, where: { $0.terms == terms && $0.source.equalsIgnoringDistance(hotel) }) {
                hits += 1
                written.append(entry.written)
                continue
            }
            guard let stays = pricing.stays(hotel) else { continue }
            let new = Entry(source: hotel, terms: terms, written: try WrittenRoomStays(stays), owner: me)
            written.append(new.written)
            let id = hotel.id
            let replaced = slots.insert(new, for: key) { $0.source.id == id }
            if let replaced { evicted.append((replaced.owner, replaced)) }
        }
        FreeOnOwner.shared.give(evicted, from: me)
        return (written, hits)
    }

    var count: Int { slots.count }
}
