import CoreMetrics
import Logging
import NIOCore
import Synchronization

/// Counts open connections against `ConnectionLimits.maxConnections`, shared by every
/// connection of one server.
///
/// A connection over the limit is accepted, answered 503 and closed: the client learns at
/// once that the server is full, where a connection left in the listen backlog would
/// wait for its own timeout.
final class ConnectionSlots: Sendable {
    let limit: Int
    private let open = Atomic<Int>(0)
    /// Refusals since the last log line, which says how many: under a sustained overload
    /// one line every `logInterval`, not one per connection.
    private let refusedSinceLog = Atomic<Int>(0)
    private let lastLog = Atomic<UInt64>(0)
    private static let logInterval: UInt64 = 10_000_000_000
    private let logger: Logger
    /// `hotels_connections_refused_total`; nil without `/metrics`.
    private let refusals: CoreMetrics.Counter?

    init(limit: Int, logger: Logger, refusals: CoreMetrics.Counter? = nil) {
        self.limit = limit
        self.logger = logger
        self.refusals = refusals
    }

    var count: Int { open.load(ordering: .relaxed) }

    /// Takes a slot; false when all are taken.
    func acquire() -> Bool {
        if open.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue <= limit { return true }
        open.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        refusals?.increment()
        let refused = refusedSinceLog.wrappingAdd(1, ordering: .relaxed).newValue
        let now = NIODeadline.now().uptimeNanoseconds
        let last = lastLog.load(ordering: .relaxed)
        if last == 0 || now - last >= Self.logInterval, lastLog.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
        {
            refusedSinceLog.wrappingSubtract(refused, ordering: .relaxed)
            // A notice: at most one per interval, and `hotels serve` on a terminal shows notices.
            logger.notice(
                "connection limit reached: answered new connections 503", metadata: ["limit": "\(limit)", "refused": "\(refused)"])
        }
        return false
    }

    func release() {
        open.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }
}
