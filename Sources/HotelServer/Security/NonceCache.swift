import Crypto
import Foundation
import Synchronization

/// The nonces of the authenticated messages of the last `window`, so a message cannot be
/// sent twice: bounded in memory however many distinct nonces arrive.
///
/// Entries are kept in arrival order, at most `capacity` of them. Those whose `Created`
/// has fallen out of the window leave first (a replay of them is refused as stale anyway).
/// When the cache is full the oldest arrival is evicted and the *floor* rises to the
/// largest `Created` evicted so far; from then on a nonce not in the cache whose `Created`
/// is at or below the floor is refused (`.belowFloor`): it may be one that was evicted, and
/// a replay keeps the `Created` it was signed with. Under a flood, then, messages signed
/// earlier than the newest evicted one are refused until the window passes them: safe,
/// never wrong in the attacker's favour. Only authenticated messages reach the cache
/// (`UsernameTokenVerifier` checks the password first), so a flood needs a valid account.
///
/// A nonce is kept as the first 16 bytes of its SHA-256: every entry has the same size
/// whatever the client sent, and no nonce can be made to collide with another.
///
/// ```swift
/// let cache = NonceCache(window: .seconds(300))
/// cache.insert(nonce, created: created, now: Date())   // .fresh
/// cache.insert(nonce, created: created, now: Date())   // .replayed
/// ```
public final class NonceCache: Sendable {
    /// What `insert` found.
    public enum Outcome: Sendable, Hashable {
        /// Not seen before: now remembered.
        case fresh
        /// In the cache: the message was sent before.
        case replayed
        /// `created` is older than the window: the message is stale.
        case expired
        /// Not in the cache, but `created` is at or below the floor: it may have been
        /// evicted, so it cannot be told from a replay.
        case belowFloor
    }

    private struct Key: Hashable {
        let high: UInt64
        let low: UInt64
    }

    private struct Entry {
        let key: Key
        let created: Date
    }

    private struct State {
        /// Arrival order; live entries are `entries[head...]`.
        var entries: [Entry] = []
        var head = 0
        var keys: Set<Key> = []
        var floor: Date?
    }

    /// How long a nonce is remembered after its `Created`: the clock skew the server
    /// allows, as a message with `Created` that far back is still accepted.
    public let window: TimeInterval
    /// The most nonces kept at once.
    public let capacity: Int
    private let state = Mutex(State())

    public init(window: Duration, capacity: Int = 100_000) {
        precondition(capacity > 0, "a nonce cache needs room for one nonce")
        self.window = Double(window.components.seconds) + Double(window.components.attoseconds) * 1e-18
        self.capacity = capacity
    }

    /// Checks `nonce` and remembers it when it is new. Atomic: of two messages with the
    /// same nonce arriving at once, one is `.fresh`, the other `.replayed`.
    @discardableResult
    public func insert(_ nonce: [UInt8], created: Date, now: Date) -> Outcome {
        let key = Self.key(nonce)
        let oldest = now.addingTimeInterval(-window)
        return state.withLock { state in
            // Arrivals whose Created left the window first: no replay of them can pass the
            // freshness check, so they need no floor.
            while state.head < state.entries.count, state.entries[state.head].created < oldest {
                state.keys.remove(state.entries[state.head].key)
                state.head += 1
            }
            if state.keys.contains(key) { return .replayed }
            if created < oldest { return .expired }
            if let floor = state.floor, created <= floor { return .belowFloor }
            if state.keys.count >= capacity {
                let evicted = state.entries[state.head]
                state.keys.remove(evicted.key)
                state.head += 1
                state.floor = max(state.floor ?? evicted.created, evicted.created)
            }
            state.entries.append(Entry(key: key, created: created))
            state.keys.insert(key)
            // Drop the consumed prefix once it is half the array: amortized O(1), and the
            // array never holds more than twice the live entries.
            if state.head >= 1024, state.head * 2 >= state.entries.count {
                state.entries.removeFirst(state.head)
                state.head = 0
            }
            return .fresh
        }
    }

    /// Nonces remembered now; never more than `capacity`.
    public var count: Int { state.withLock { $0.keys.count } }

    /// The largest `Created` evicted for lack of room; nil while nothing was.
    public var floor: Date? { state.withLock { $0.floor } }

    private static func key(_ nonce: [UInt8]) -> Key {
        let digest = SHA256.hash(data: nonce)
        return digest.withUnsafeBytes { raw in
            Key(high: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), low: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }
}
