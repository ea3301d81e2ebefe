import Foundation
import HotelCatalogs
import HotelSeeder
import HotelServer
import Testing

/// The replay cache: each nonce once within the window, bounded memory under a flood, and
/// no evicted nonce ever accepted again.
@Suite("NonceCache")
struct NonceCacheTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func nonce(_ n: Int) -> [UInt8] { withUnsafeBytes(of: UInt64(n).littleEndian) { Array($0) } }

    @Test("a nonce is fresh once, then replayed, within the window")
    func replay() {
        let cache = NonceCache(window: .seconds(300))
        #expect(cache.insert(Self.nonce(1), created: Self.now, now: Self.now) == .fresh)
        #expect(cache.insert(Self.nonce(1), created: Self.now, now: Self.now.addingTimeInterval(299)) == .replayed)
        #expect(cache.insert(Self.nonce(2), created: Self.now, now: Self.now) == .fresh)
        #expect(cache.count == 2)
    }

    @Test("a Created older than the window is expired; entries that left the window are dropped")
    func window() {
        let cache = NonceCache(window: .seconds(300))
        #expect(cache.insert(Self.nonce(1), created: Self.now.addingTimeInterval(-301), now: Self.now) == .expired)
        #expect(cache.insert(Self.nonce(2), created: Self.now, now: Self.now) == .fresh)
        let later = Self.now.addingTimeInterval(301)
        // Its replay is stale now, whether or not the entry is still there.
        #expect(cache.insert(Self.nonce(2), created: Self.now, now: later) == .expired)
        #expect(cache.count == 0)
        #expect(cache.floor == nil, "leaving the window is no eviction")
    }

    @Test("300,000 distinct nonces: never more than the capacity kept, and an evicted nonce is refused")
    func flood() {
        let cache = NonceCache(window: .seconds(300), capacity: 100_000)
        var refused = 0
        for i in 0..<300_000 {
            // Created climbs a millisecond per message, all inside the window.
            let created = Self.now.addingTimeInterval(Double(i) / 1000)
            if cache.insert(Self.nonce(i), created: created, now: created) != .fresh { refused += 1 }
            if i % 50_000 == 0 { #expect(cache.count <= 100_000) }
        }
        #expect(refused == 0)
        #expect(cache.count == 100_000)
        let end = Self.now.addingTimeInterval(300)
        // The first nonce was evicted long ago; replayed with its own Created it must not pass.
        #expect(cache.insert(Self.nonce(0), created: Self.now, now: end) == .belowFloor)
        // The last evicted one, too: the floor is its Created.
        let lastEvicted = Self.now.addingTimeInterval(Double(199_999) / 1000)
        #expect(cache.floor == lastEvicted)
        #expect(cache.insert(Self.nonce(199_999), created: lastEvicted, now: end) == .belowFloor)
        // Still kept: replayed.
        #expect(cache.insert(Self.nonce(200_000), created: Self.now.addingTimeInterval(200), now: end) == .replayed)
        // A new message signed after the floor passes.
        #expect(cache.insert(Self.nonce(1_000_000), created: end, now: end) == .fresh)
        #expect(cache.count == 100_000)
    }

    @Test("the same nonce from many tasks at once is fresh exactly once")
    func concurrent() async {
        let cache = NonceCache(window: .seconds(300), capacity: 1_000)
        let outcomes = await withTaskGroup(of: NonceCache.Outcome.self) { group in
            for _ in 0..<64 { group.addTask { cache.insert(Self.nonce(7), created: Self.now, now: Self.now) } }
            return await group.reduce(into: [NonceCache.Outcome]()) { $0.append($1) }
        }
        let fresh = outcomes.count(where: { $0 == .fresh })
        let replayed = outcomes.count(where: { $0 == .replayed })
        #expect(fresh == 1)
        #expect(replayed == 63)
    }
}
