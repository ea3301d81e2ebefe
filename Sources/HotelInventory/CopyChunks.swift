import Dispatch
import NIOCore
import Synchronization

/// The hand-over between an import's reading thread, which validates rows synchronously,
/// and the `COPY` that sends them, which is async: at most ``capacity`` chunks wait, so a
/// fast file and a slow database never hold more than a few megabytes between them.
///
/// ```swift
/// // reading thread                         // the COPY's task
/// try chunks.send(buffer)                  for await chunk in chunks.stream {
/// chunks.finish()                              try await copy.write(chunk); chunks.taken()
///                                          }
/// ```
final class CopyChunks: Sendable {
    static let capacity = 4
    let stream: AsyncStream<ByteBuffer>
    private let continuation: AsyncStream<ByteBuffer>.Continuation
    private let slots = DispatchSemaphore(value: CopyChunks.capacity)
    private let stopped = Atomic<Bool>(false)

    /// Why the reading thread gave up: the sending side stopped (the database failed).
    struct Stopped: Error {}

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
    }

    /// Waits for a free place, then queues `chunk`. Throws ``Stopped`` once ``stop()`` was
    /// called, so the reading thread ends instead of waiting for ever.
    func send(_ chunk: ByteBuffer) throws {
        while slots.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if stopped.load(ordering: .acquiring) { throw Stopped() }
        }
        if stopped.load(ordering: .acquiring) { throw Stopped() }
        continuation.yield(chunk)
    }

    /// The sending side is done with a chunk: its place is free.
    func taken() { slots.signal() }

    /// No more chunks: the stream ends after those queued.
    func finish() { continuation.finish() }

    /// The sending side will take no more.
    func stop() {
        stopped.store(true, ordering: .releasing)
        continuation.finish()
    }
}
