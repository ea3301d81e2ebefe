import HotelSOAP
import HotelXML
import Synchronization

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

    private let slots: Mutex<[Entry?]>
    let capacity: Int

    /// About 2 MB at 4,096 hotels: the first pages of many queries. `capacity` 0 keeps nothing.
    init(capacity: Int = 4096) {
        self.capacity = max(0, capacity)
        slots = Mutex(Array(repeating: nil, count: self.capacity))
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
        // Compared in place: copying an entry out retained every string of two hotels.
        let hit = slots.withLock { slots -> RenderedHotel? in
            guard let entry = slots[index], entry.base == base, entry.source.equalsIgnoringDistance(hotel) else { return nil }
            return entry.rendered
        }
        if let hit {
            hits += 1
            return hit
        }
        let rendered = try RenderedHotel(address.absolutize(hotel))
        var source = hotel
        source.distanceKm = nil
        slots.withLock { $0[index] = Entry(source: source, base: base, rendered: rendered) }
        return rendered
    }

    var count: Int { slots.withLock { $0.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}
