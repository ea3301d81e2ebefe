import Foundation
import Synchronization
import Testing

@testable import HotelCatalogs

/// Caches hand what they evict back to the thread that allocated it (`FreeOnOwner`), so that
/// no event loop frees into another's malloc arena. These run the real hand-over between
/// real threads and watch where each entry's `deinit` runs.
@Suite("FreeOnOwner")
struct FreeOnOwnerTests {
    @Test("a thread keeps its index, and two threads have two")
    func threadIndex() {
        let one = WorkerThread()
        let two = WorkerThread()
        let first = one.run { ThreadIndex.current }
        #expect(one.run { ThreadIndex.current } == first)
        #expect(two.run { ThreadIndex.current } != first)
    }

    @Test("an entry evicted by another thread waits for its owner, and is freed on the owner's thread")
    func freedByOwner() {
        let frees = FreeLog()
        let hand = FreeOnOwner(bins: 64)
        let owner = WorkerThread()
        let evictor = WorkerThread()
        let ownerIndex = owner.run { ThreadIndex.current }
        let made = owner.run { (0..<10).map { _ in Tracked(frees) } }
        evictor.run { hand.give(made.map { (ownerIndex, $0 as FreeOnOwner.Entry) }, from: ThreadIndex.current) }
        _ = consume made
        #expect(frees.threads.isEmpty)
        #expect(hand.waiting == 10)
        owner.run { hand.collect(ThreadIndex.current) }
        #expect(frees.threads == Array(repeating: ownerIndex, count: 10))
        #expect(hand.waiting == 0)
    }

    @Test("the evicting thread frees its own entries, and those a full bin refuses, at once")
    func freedHere() {
        let frees = FreeLog()
        let hand = FreeOnOwner(bins: 64, binLimit: 4)
        let owner = WorkerThread()
        let evictor = WorkerThread()
        let ownerIndex = owner.run { ThreadIndex.current }
        let evictorIndex = evictor.run { ThreadIndex.current }
        evictor.run {
            let theirs = (0..<6).map { _ in (ownerIndex, Tracked(frees) as FreeOnOwner.Entry) }
            let ours = (0..<3).map { _ in (evictorIndex, Tracked(frees) as FreeOnOwner.Entry) }
            hand.give(theirs + ours, from: evictorIndex)
        }
        // Three of ours and six past a bin of four: nine freed where they were evicted.
        #expect(frees.threads == Array(repeating: evictorIndex, count: 9))
        #expect(hand.waiting == 0)
    }
}

/// Where each `Tracked` was freed, by `ThreadIndex`.
private final class FreeLog: Sendable {
    private let log = Mutex<[Int]>([])
    var threads: [Int] { log.withLock { $0 } }
    func record() { log.withLock { $0.append(ThreadIndex.current) } }
}

private final class Tracked: Sendable {
    let log: FreeLog
    init(_ log: FreeLog) { self.log = log }
    deinit { log.record() }
}

/// One real thread that runs what it is given, in order, and stays the same thread.
private final class WorkerThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [(work: () -> Void, done: DispatchSemaphore)] = []

    init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                var (work, done): ((() -> Void)?, DispatchSemaphore) = jobs.removeFirst()
                condition.unlock()
                work?()
                // Released before the caller goes on: what the job captured must not be
                // freed here later, on this thread, after the caller has looked.
                work = nil
                done.signal()
            }
        }
        thread.start()
    }

    func run<T>(_ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        var result: T?
        condition.lock()
        jobs.append((work: { result = body() }, done: done))
        condition.signal()
        condition.unlock()
        done.wait()
        return result!
    }
}
