import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The event-loop threads that move a server's bytes, one group per size for the life of
/// the process (as NIO's own singleton is).
///
/// Why not one per core, NIO's default: a request's work (the catalog query, the XML)
/// runs on Swift's cooperative pool, which already has a thread per core; event loops
/// only read, parse HTTP and write. A loop per core on top made twice as many busy
/// threads as cores, and the scheduler's time slices showed up as tail latency: on
/// 2 cores under wrk, p99 33 ms with 2 loops, 16 ms with 1, at the same requests/s
/// (BENCHMARKS.md, "What moved each number").
public enum IOThreads {
    /// Half the cores, at least one.
    public static var defaultCount: Int { max(1, System.coreCount / 2) }

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
