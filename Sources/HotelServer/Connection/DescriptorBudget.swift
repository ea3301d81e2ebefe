import Foundation

/// How many connections this process can hold open, from its file-descriptor limit.
///
/// At the limit `accept` fails with EMFILE and leaves the connection in the backlog, where
/// the listening socket stays readable: the event loop wakes, fails, wakes again and
/// spins a core. So the server raises its soft limit to the hard one at start-up, stops
/// accepting (Hummingbird's `availableConnectionsDelegate`) before descriptors run out,
/// and keeps `maxConnections` below that with room to answer 503 to the excess.
struct DescriptorBudget: Equatable {
    /// Open connections at which the server stops calling `accept`.
    var acceptable: Int
    /// The largest `maxConnections` that leaves room to answer refusals.
    var connections: Int
    /// Connections the listening socket takes per wake-up (``AcceptGate``).
    ///
    /// NIO's default is 4. A busy event loop wakes once per round over every connection it
    /// serves, so 128 clients connecting at once to a loaded one-loop server waited up to
    /// 32 rounds, about 0.4 s, for their first answer (issue 33: p99 128 → 24 ms at `/health`
    /// on one core with batches of 256; BENCHMARKS.md "Accepting in batches").
    var acceptBatch: Int

    /// Descriptors kept for everything but connections: the catalog and its journal,
    /// logo reads, the event loops' own.
    static let reserve = 32

    /// Raises the soft limit as far as the hard one allows, then budgets what is free.
    static func current() -> DescriptorBudget {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return .init(limit: 1024, inUse: 64) }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is all ones: clamping makes it Int.max.
        let soft = Int(clamping: limit.rlim_cur)
        let inUse = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 64
        return .init(limit: soft, inUse: inUse)
    }

    init(limit: Int, inUse: Int) {
        acceptable = max(2, limit - inUse - Self.reserve)
        // Refused connections hold a descriptor for a moment too.
        connections = max(1, acceptable - max(2, acceptable / 16))
        // Small beside the budget: a batch is taken whole, and `AcceptGate` stops accepting
        // while one still fits.
        acceptBatch = max(1, min(Self.largestAcceptBatch, acceptable / 8))
    }

    /// Hummingbird's listen backlog: one wake-up can empty it.
    static let largestAcceptBatch = 256
}
