import NIOCore

/// Runs a connection's tasks on the event loop that owns its socket.
///
/// Without it, every request hops twice: from the event loop that read it to Swift's
/// cooperative pool (where the catalog query and the XML are made) and back to write
/// the answer. On 2 cores that made three busy threads for two cores, and the scheduler's
/// time slices became the tail of the latency (BENCHMARKS.md, "What moved each number").
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
