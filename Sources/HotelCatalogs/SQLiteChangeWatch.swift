import Dispatch
import Foundation
import GRDB
import Synchronization

/// Notices commits other processes make to a served catalog file (`hotels import`), so that a
/// running server answers from them at once and no cache of ``SQLiteCatalog`` answers from
/// before them.
///
/// Why `PRAGMA data_version` on a connection of its own: its value changes exactly when
/// another connection has committed since this connection last asked, and asking reads the
/// WAL index header in shared memory, no I/O (`BENCHMARKS.md`, "Live catalog"). The value is
/// per connection, so one connection asks for the whole pool.
///
/// Checked by the request that finds the last check older than ``interval`` (others use the
/// last answer): the first request after a quiet spell always sees a commit, and under load
/// an answer is at most ``interval`` behind one. After a change the state is read again:
/// the hotel count, whether `hotel_logos` exists, and the `meta` row `catalog_version`
/// (`hotels import` adds one per committed change), which is the ``SQLiteCatalog/version``
/// OpenTravel page tokens carry.
///
/// ```swift
/// let watch = try SQLiteChangeWatch(path: "hotels.sqlite")
/// let state = watch.current()      // state.generation keys every cache
/// ```
final class SQLiteChangeWatch: Sendable {
    /// What the caches key on, and what may change with a commit.
    struct State: Sendable, Equatable {
        /// One more per change seen since the catalog was opened: every cache entry carries the
        /// generation it was read under and is used only under the same one.
        var generation: UInt64
        /// The file's `meta` `catalog_version` (0 where no import wrote one).
        var version: UInt64
        var hotelCount: Int
        var hasLogoTable: Bool
        /// Unix time this state was read: when the catalog was opened or a commit was seen
        /// (`GET /metrics` reports it as the last change).
        var seenAt: Double
    }

    /// The longest a request under load may answer from before a commit.
    static let interval: UInt64 = 20_000_000

    private let queue: DatabaseQueue
    private let state: Mutex<State>
    /// `data_version` when last asked.
    private let dataVersion: Mutex<Int64>
    /// `DispatchTime` uptime of the last check, in nanoseconds.
    private let lastCheck = Atomic<UInt64>(0)

    /// Opens the watching connection (read-only) and reads the state.
    init(path: String) throws {
        var config = Configuration()
        config.readonly = true
        config.label = "HotelCatalogWatch"
        config.busyMode = .timeout(5)
        queue = try DatabaseQueue(path: path, configuration: config)
        let (dataVersion, state) = try queue.inDatabase { db in
            (try Self.dataVersion(db), try Self.read(db, generation: 0))
        }
        self.dataVersion = Mutex(dataVersion)
        self.state = Mutex(state)
        lastCheck.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }

    /// The state as of at most ``interval`` ago (now, when nobody asked in that time).
    func current() -> State {
        let now = DispatchTime.now().uptimeNanoseconds
        let last = lastCheck.load(ordering: .relaxed)
        if now &- last >= Self.interval, lastCheck.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged {
            check()
        }
        return state.withLock { $0 }
    }

    /// Asks for `data_version`; after a change reads the state again under the next
    /// generation. A failure keeps the old state: the request's own read reports the error.
    private func check() {
        do {
            try queue.inDatabase { db in
                let seen = try Self.dataVersion(db)
                guard dataVersion.withLock({ $0 }) != seen else { return }
                let generation = state.withLock { $0.generation } + 1
                let fresh = try Self.read(db, generation: generation)
                state.withLock { $0 = fresh }
                dataVersion.withLock { $0 = seen }
            }
        } catch {
            return
        }
    }

    /// Closes the watching connection.
    func close() throws {
        try queue.close()
    }

    private static func dataVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
    }

    /// One read transaction, so the count and the version belong to one commit.
    private static func read(_ db: Database, generation: UInt64) throws -> State {
        var state = State(generation: generation, version: 0, hotelCount: 0, hasLogoTable: false, seenAt: 0)
        try db.inTransaction(.deferred) {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") ?? 0
            let version = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'catalog_version'").flatMap { UInt64($0) } ?? 0
            let logos = try db.tableExists("hotel_logos")
            state = State(
                generation: generation, version: version, hotelCount: count, hasLogoTable: logos, seenAt: Date().timeIntervalSince1970)
            return .commit
        }
        return state
    }
}
