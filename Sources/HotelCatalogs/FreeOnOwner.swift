/// Hands what a cache evicts back to the thread that allocated it, to be freed there.
///
/// Why: a deep page misses the caches, so each request evicts about 50 rows and 50 written
/// hotels that another event loop read. glibc keeps each thread's allocations in that
/// thread's arena, and a free from another thread (past a few kept per size in its own
/// cache) takes the owner's arena lock, where the owner itself is allocating: with two
/// loops, 1.2–2.4 futex waits per deep page against 0.1 with one (`hotels-bench --scaling`).
/// Here an evicted entry goes to its owner's bin under one lock per owner per page, and the
/// owner empties its bin the next time it inserts: every free is then the owner's own.
///
/// ```swift
/// let me = ThreadIndex.current
/// FreeOnOwner.shared.collect(me)  // frees what others evicted of ours, outside any lock
/// FreeOnOwner.shared.give(evicted, from: me)  // ours dropped here, the rest to their owners
/// ```
package final class FreeOnOwner: Sendable {
    /// What a cache keeps per entry to be handed back: the entry object and who made it.
    package typealias Entry = any AnyObject & Sendable

    /// One bin per thread index modulo the count; two threads sharing a bin free each
    /// other's entries as before, nothing worse.
    private let bins: LockStripes<[Entry]>
    /// Past this many waiting entries a bin takes no more, and the evicting thread frees
    /// them itself: a thread that stopped inserting (a loop left idle) must not keep an
    /// unbounded heap of garbage alive.
    private let binLimit: Int

    package static let shared = FreeOnOwner()

    package init(bins: Int = LockStripes<[Entry]>.defaultCount, binLimit: Int = 2_048) {
        self.bins = LockStripes(count: bins) { _ in [] }
        self.binLimit = binLimit
    }

    /// The bin of thread `index`.
    package func bin(of index: Int) -> Int { index % bins.count }

    /// Frees, here, what other threads handed back to thread `index`.
    package func collect(_ index: Int) {
        let waiting = bins.withLock(bin(of: index)) { bin -> [Entry] in
            guard !bin.isEmpty else { return [] }
            let taken = bin
            bin = []
            return taken
        }
        // Released after the lock, on the owner's thread.
        _ = waiting
    }

    /// Sends each of `evicted` (owner, entry) to its owner's bin; those of thread `index`
    /// itself are released by the caller when it drops the array.
    package func give(_ evicted: [(owner: Int, entry: Entry)], from index: Int) {
        var byBin: [Int: [Entry]] = [:]
        let mine = bin(of: index)
        for (owner, entry) in evicted where bin(of: owner) != mine {
            byBin[bin(of: owner), default: []].append(entry)
        }
        for (target, entries) in byBin { hand(entries, to: target) }
    }

    /// As above for one entry: `entry`, made by thread `owner`, evicted by thread `index`.
    package func give(_ entry: Entry, owner: Int, from index: Int) {
        let target = bin(of: owner)
        guard target != bin(of: index) else { return }
        hand([entry], to: target)
    }

    private func hand(_ entries: [Entry], to target: Int) {
        let refused = bins.withLock(target) { bin -> [Entry] in
            guard bin.count + entries.count <= binLimit else { return entries }
            bin.append(contentsOf: entries)
            return []
        }
        // A full bin's refusals are freed here, after its lock.
        _ = refused
    }

    /// Entries waiting in every bin (for tests).
    package var waiting: Int { bins.reduce(0) { $0 + $1.count } }
}
