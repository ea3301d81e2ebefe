import Foundation
import Synchronization

extension ResponseCache {
    /// Writes entries on a thread of its own, so a walk parses the next page while the last
    /// one goes to disk: storing every page of a 100,000-hotel `search --all` on the
    /// walk's own path (a file of ~230 KB per page, ext4 allocation and all) made it a
    /// quarter slower.
    ///
    /// Entries waiting here are already visible to `load`. At most `maxPendingBytes` wait; past
    /// that a store is written on the caller's thread, so a slow disk slows the walk instead
    /// of filling memory. `HotelSearchClient.with` drains the queue before it returns.
    final class Writer: Sendable {
        static let maxPendingBytes = 32 << 20

        private struct State {
            var queue: [(key: String, entry: Entry)] = []
            var pendingBytes = 0
            var draining = false
            var idle: [CheckedContinuation<Void, Never>] = []
        }
        private let state = Mutex(State())

        /// The newest entry waiting for `key`, if any.
        func pending(_ key: String) -> Entry? {
            state.withLock { $0.queue.last { $0.key == key }?.entry }
        }

        /// Queues the entry; false (nothing queued) when too many bytes are waiting already.
        func enqueue(_ key: String, _ entry: Entry, writing cache: ResponseCache) -> Bool {
            let start = state.withLock { state -> Bool? in
                guard state.pendingBytes + entry.body.count <= Self.maxPendingBytes else { return nil }
                state.queue.append((key, entry))
                state.pendingBytes += entry.body.count
                defer { state.draining = true }
                return !state.draining
            }
            guard let start else { return false }
            // A plain thread, not a task: the write blocks in the kernel, and the cooperative
            // pool's few threads are the walk's.
            if start { Thread { self.drain(cache) }.start() }
            return true
        }

        /// Returns once every entry queued so far is on disk.
        func flush() async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard state.draining else { return true }
                    state.idle.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }

        private func drain(_ cache: ResponseCache) {
            while true {
                // Only this thread removes entries, so the first one stays first.
                guard let next = state.withLock({ $0.queue.first }) else { return }
                cache.store(next.key, next.entry)
                // Empty: this thread ends, and the next enqueue starts another.
                let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                    state.queue.removeFirst()
                    state.pendingBytes -= next.entry.body.count
                    guard state.queue.isEmpty else { return nil }
                    state.draining = false
                    defer { state.idle = [] }
                    return state.idle
                }
                if let waiters {
                    for waiter in waiters { waiter.resume() }
                    return
                }
            }
        }
    }
}
