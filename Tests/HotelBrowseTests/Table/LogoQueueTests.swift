import HotelClient
import Testing

@testable import HotelBrowse

@Suite("LogoQueue: the lazy-loading rules")
struct LogoQueueTests {
    @Test("only visible logos load, nearest first, a few at a time")
    func visibleOnly() {
        var queue = LogoQueue<Int, String>(maxConcurrent: 3)
        #expect(queue.update(visible: Array(0..<10), hold: false).start == [0, 1, 2])
        queue.finish(0, with: .success("zero"))
        #expect(queue.update(visible: Array(0..<10), hold: false).start == [3])
        if case .loaded(let image) = queue.state(of: 0) { #expect(image == "zero") } else { Issue.record("0 not loaded") }
        #expect({ if case .loading = queue.state(of: 1) { true } else { false } }())
    }

    @Test("loads for rows that left the screen are cancelled")
    func cancel() {
        var queue = LogoQueue<Int, String>(maxConcurrent: 4)
        _ = queue.update(visible: [0, 1, 2, 3], hold: false)
        let step = queue.update(visible: [2, 3, 4, 5], hold: false)
        #expect(Set(step.cancel) == [0, 1])
        #expect(step.start == [4, 5])
    }

    @Test("while scrolling fast nothing new starts; off-screen loads still stop")
    func hold() {
        var queue = LogoQueue<Int, String>(maxConcurrent: 4)
        _ = queue.update(visible: [0, 1], hold: false)
        let held = queue.update(visible: [50, 51], hold: true)
        #expect(held.start.isEmpty)
        #expect(Set(held.cancel) == [0, 1])
        #expect(queue.update(visible: [50, 51], hold: false).start == [50, 51])
    }

    @Test("a failure is remembered, not retried every frame, until retryFailed")
    func failure() {
        var queue = LogoQueue<Int, String>()
        _ = queue.update(visible: [7], hold: false)
        queue.finish(7, with: .failure(LogoLoadError("HTTP 404")))
        #expect(queue.update(visible: [7], hold: false).start.isEmpty)
        if case .failed(let message) = queue.state(of: 7) { #expect(message == "HTTP 404") } else { Issue.record("not failed") }
        queue.retryFailed()
        #expect(queue.update(visible: [7], hold: false).start == [7])
    }

    @Test("a cancellation is not a failure; the row loads when it returns")
    func cancellationIsNotFailure() {
        var queue = LogoQueue<Int, String>()
        _ = queue.update(visible: [1], hold: false)
        queue.finish(1, with: .failure(.cancelled))
        #expect(queue.update(visible: [1], hold: false).start == [1])
    }

    @Test("thumbnails live in an LRU: the least recently shown goes first")
    func lru() {
        var queue = LogoQueue<Int, String>(maxConcurrent: 10, capacity: 3)
        for key in 0..<3 {
            _ = queue.update(visible: [key], hold: false)
            queue.finish(key, with: .success("\(key)"))
        }
        _ = queue.update(visible: [0], hold: false)  // 0 shown again: now the newest
        _ = queue.update(visible: [3], hold: false)
        queue.finish(3, with: .success("3"))
        #expect(queue.cachedCount == 3)
        if case .notRequested = queue.state(of: 1) {} else { Issue.record("1 should have been evicted") }
        if case .loaded = queue.state(of: 0) {} else { Issue.record("0 should have stayed") }
    }
}
