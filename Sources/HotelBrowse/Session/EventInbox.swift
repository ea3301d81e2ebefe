import Foundation

/// The browse session's inbox: an `AsyncStream` that also counts what is queued, so the
/// loop can apply a burst of events (a held key, a thousand presses pasted at once) and
/// draw once, instead of drawing a frame per key and falling ever further behind the
/// keyboard on a slow machine.
final class EventInbox<Event: Sendable>: @unchecked Sendable {
    let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let lock = NSLock()
    private var queued = 0

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Counted before it is yielded, so the count never says "empty" while an event is on
    /// its way: at worst a frame waits for the event that is about to arrive.
    func send(_ event: Event) {
        lock.withLock { queued += 1 }
        continuation.yield(event)
    }

    /// The loop calls this for each event it takes; returns how many are still queued.
    func took() -> Int {
        lock.withLock {
            queued -= 1
            return queued
        }
    }
}
