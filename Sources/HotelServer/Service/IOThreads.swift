import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The event-loop threads a server runs on, one group per size for the life of the
/// process (as NIO's own singleton is).
///
/// One per core: a connection's requests run on its own loop (`EventLoopTaskExecutor`),
/// so these are the only busy threads. Before, requests ran on Swift's cooperative pool
/// (a thread per core) beside the loops, twice as many busy threads as cores, and the
/// scheduler's time slices showed up as tail latency (BENCHMARKS.md, "What moved each
/// number").
public enum IOThreads {
    /// One per core.
    public static var defaultCount: Int { max(1, System.coreCount) }

    private static let groups = Mutex<[Int: MultiThreadedEventLoopGroup]>([:])

    /// The shared group of `count` threads, made on first use.
    public static func group(_ count: Int) -> MultiThreadedEventLoopGroup {
        groups.withLock { groups in
            if let group = groups[count] { return group }
            let group = MultiThreadedEventLoopGroup(numberOfThreads: count)
            groups[count] = group
            return group
        }
    }
}
