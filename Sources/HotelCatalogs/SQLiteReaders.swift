import CSQLiteSetup
import Dispatch
import Foundation
import GRDB
import Synchronization

/// The catalog's read-only connections, handed out without a lock that all threads share.
///
/// GRDB's `DatabasePool` hands out a reader under a barrier on one concurrent dispatch
/// queue, twice per read (take and give back). With one event loop per core the loops
/// queued there: on two cores, futex waits per `/health` went from 0.02 with one loop to
/// 3.7 with two (`hotels-bench --scaling`). Here each connection has its own flag, and a
/// thread tries "its" connection first (a hash of the thread), so an event loop, which
/// reads for one request at a time, finds its connection free and writes no memory another
/// loop touches. Only when every connection is busy (more threads reading than
/// connections) does a reader sleep, until one is given back.
///
/// ```swift
/// let readers = SQLiteReaders(path: path, count: 8, configuration: config)
/// let count = try readers.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") }
/// ```
final class SQLiteReaders: Sendable {
    /// One connection and its flag. Padded to a cache line of its own: two loops setting
    /// flags that share a line would make each other's caches reload it.
    ///
    /// `@unchecked`: `connection` is read and written only by the thread that set `busy`,
    /// which is its lock.
    private final class Slot: @unchecked Sendable {
        let busy = Atomic<Bool>(false)
        /// Opened by the first read that takes this slot.
        var connection: DatabaseQueue?
        private let padding: (Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0)
    }

    private let slots: [Slot]
    private let path: String
    private let configuration: Configuration
    private let closed = Atomic<Bool>(false)
    /// Threads sleeping in ``acquire()``: giving a connection back wakes one only then.
    private let waiters = Atomic<Int>(0)
    private let wakeup = DispatchSemaphore(value: 0)

    /// Once per process, before its first connection (see `csqlite_setup.h`).
    private static let memoryStatisticsOff: Void = { _ = hs_sqlite_disable_memory_statistics() }()

    /// Up to `count` connections to `path` with `configuration` (which should be
    /// read-only), each opened when a read first needs it: a connection holds two file
    /// descriptors (the file and its WAL) and a 2 MB page cache, and a server with two event
    /// loops uses about two. Opened all at start, eight readers took 18 of the descriptors
    /// `hotels serve` budgets for connections (under `ulimit -n 64`, 2 connections left).
    init(path: String, count: Int, configuration: Configuration) {
        Self.memoryStatisticsOff
        self.path = path
        self.configuration = configuration
        slots = (0..<max(1, count)).map { _ in Slot() }
    }

    /// Runs `body` on a free connection, on the calling thread; opens it on first use.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let slot = acquire()
        defer { release(slot) }
        return try connection(of: slot).unsafeRead(body)
    }

    /// Connections open now.
    var openCount: Int {
        slots.reduce(0) { count, slot in
            take(slot)
            defer { release(slot) }
            return count + (slot.connection == nil ? 0 : 1)
        }
    }

    /// Closes every connection; reads after this fail.
    func close() throws {
        closed.store(true, ordering: .sequentiallyConsistent)
        for slot in slots {
            take(slot)
            defer { release(slot) }
            try slot.connection?.close()
            slot.connection = nil
        }
    }

    private func connection(of slot: Slot) throws -> DatabaseQueue {
        if let connection = slot.connection { return connection }
        guard !closed.load(ordering: .sequentiallyConsistent) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the catalog was closed")
        }
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        slot.connection = connection
        return connection
    }

    /// Waits for this one slot (closing, counting): rare, so a short sleep between looks.
    private func take(_ slot: Slot) {
        while !slot.busy.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            usleep(50)
        }
    }

    private func acquire() -> Slot {
        let start = Self.threadHash() % slots.count
        if let slot = tryAcquire(from: start) { return slot }
        waiters.add(1, ordering: .sequentiallyConsistent)
        defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
        while true {
            // Counted as a waiter before looking again: a connection given back after this
            // look finds the count and signals, so the sleep below cannot miss it.
            if let slot = tryAcquire(from: start) { return slot }
            wakeup.wait()
        }
    }

    private func tryAcquire(from start: Int) -> Slot? {
        for step in 0..<slots.count {
            let slot = slots[(start + step) % slots.count]
            if slot.busy.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged { return slot }
        }
        return nil
    }

    private func release(_ slot: Slot) {
        slot.busy.store(false, ordering: .sequentiallyConsistent)
        if waiters.load(ordering: .sequentiallyConsistent) > 0 { wakeup.signal() }
    }

    /// Spreads threads over the slots: `pthread_t`s are addresses a stack apart, so their
    /// low bits agree; a multiplicative hash mixes the high ones in.
    private static func threadHash() -> Int {
        let mixed = UInt64(UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 33)
    }
}
