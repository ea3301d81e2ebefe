import Logging
import PostgresNIO

extension PostgresCatalog {
    /// What may change with a commit: the `catalog_version` row and the hotel count, read
    /// in one statement, so both belong to one commit.
    struct Live: Sendable, Equatable {
        var version: UInt64
        var count: Int
        /// When the last poll that answered was sent.
        var checkedAt: ContinuousClock.Instant

        static let query: PostgresQuery = "SELECT v.version, (SELECT count(*) FROM hotels) FROM catalog_version v"
    }

    /// How often a replica asks for `catalog_version`: a change committed through any
    /// connection is answered from, by every replica, within this and one round trip.
    static let pollInterval: Duration = .milliseconds(100)

    /// The oldest a request takes the poll's word for: on a machine so loaded that the poll's
    /// task waits its turn, the request asks itself (one more round trip, then, not a stale answer).
    static let staleAfter: Duration = .milliseconds(300)

    /// The version and count, polled at most ``staleAfter`` ago.
    func current() async -> Live {
        let state = live.withLock { $0 }
        guard ContinuousClock.now - state.checkedAt > Self.staleAfter else { return state }
        await poll()
        return live.withLock { $0 }
    }

    /// Starts the poll: every ``pollInterval`` one indexed one-row read; after a change, the
    /// count again. Caches key on the version (`CountKey`), so none needs a flush.
    ///
    /// Why a poll and not LISTEN/NOTIFY: a notification is lost while its connection is
    /// down (a failover, a restarted database), and after that the replica would answer
    /// old counts with nothing to say so; a poll catches up on its next tick, and its cost
    /// (ten reads of one row a second per replica) is nothing to the database.
    func watch() {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.pollInterval)
                guard let self else { return }
                await self.poll()
            }
        }
        watchTask.withLock { $0 = task }
    }

    func poll() async {
        let sent = ContinuousClock.now
        let known = live.withLock { $0.version }
        do {
            let fresh = try await run { client, logger, _ -> Live? in
                let rows = try await client.query("SELECT version FROM catalog_version", logger: logger).decode(Int64.self)
                var version = known
                for try await value in rows { version = UInt64(bitPattern: value) }
                guard version != known else { return nil }
                var live: Live?
                for try await (version, count) in try await client.query(Live.query, logger: logger).decode((Int64, Int).self) {
                    live = Live(version: UInt64(bitPattern: version), count: count, checkedAt: sent)
                }
                return live
            }
            live.withLock { state in
                if let fresh { state = fresh } else { state.checkedAt = max(state.checkedAt, sent) }
            }
        } catch {
            // The database is away: searches fail and `/health` says so; the next tick tries again.
            return
        }
    }
}
