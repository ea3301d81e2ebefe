import Logging
import NIOCore

/// The first handler of every connection: it enforces `ConnectionLimits` on raw bytes.
///
/// It sits before the HTTP decoder because two of its jobs need bytes, not requests: a
/// head timeout starts at the first byte of a request, and lingering after an early answer
/// drops what follows without decoding it. What it cannot see from bytes (where a request
/// head or body ends, when an answer is written) `ConnectionGuard.MessageWatcher`, placed
/// after the decoder, tells it.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var timeline: ConnectionTimeline
    private let slots: ConnectionSlots
    private let logger: Logger
    private var holdsSlot = false
    private var refused = false
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?

    init(limits: ConnectionLimits, slots: ConnectionSlots, logger: Logger) {
        self.timeline = ConnectionTimeline(limits: limits, openedAt: .now())
        self.slots = slots
        self.logger = logger
    }

    /// The watcher placed after the HTTP decoder, reporting to this guard.
    func makeMessageWatcher() -> MessageWatcher { MessageWatcher(guard: self) }

    // MARK: Channel events

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    /// Takes a slot, or refuses: the channel initializer runs before the connection is
    /// active, so this waits for `channelActive`.
    private func start(_ context: ChannelHandlerContext) {
        guard !holdsSlot, !refused else { return }
        guard slots.acquire() else {
            refuse(context)
            return
        }
        holdsSlot = true
        reschedule()
    }

    /// Answers 503 and closes. The client may have sent its request already: closing with
    /// it unread would reset the connection and could destroy the answer in flight, so
    /// this ends output, drops what arrives, and closes on the client's end of input or
    /// after a short grace.
    private func refuse(_ context: ChannelHandlerContext) {
        refused = true
        Self.writeRaw(Self.busy, to: context)
        context.close(mode: .output, promise: nil)
        context.read()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
        if holdsSlot {
            holdsSlot = false
            slots.release()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if refused { return }
        guard timeline.read(bytes.readableBytes, at: .now()) else {
            if timeline.lingeredEnough { context.close(promise: nil) }
            return
        }
        reschedule()
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // While lingering nothing downstream asks for data any more; the guard does, until
        // the client stops sending or a linger bound closes the connection.
        if refused || timeline.wait == .linger { context.read() }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client finished sending: an early answer has nothing more to wait for.
        if refused || timeline.wait == .linger, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Reports from the watcher (internal only because it lives in a file of its own)

    func requestHead(keepAlive: Bool) {
        timeline.requestHead(keepAlive: keepAlive)
        reschedule()
    }

    func requestEnd() {
        if timeline.requestEnd() { context?.close(promise: nil) }
        reschedule()
    }

    func responseHead() -> Bool { timeline.responseHead() }

    func responseEnd() -> ConnectionTimeline.ResponseEnd {
        let action = timeline.responseEnd(at: .now())
        if action == .linger { context?.read() }
        reschedule()
        return action
    }

    // MARK: The one timer

    /// Keeps one timer at or before the current deadline. Reads that only push the
    /// deadline later leave it alone: when it fires early it re-arms for the new deadline.
    private func reschedule() {
        guard let context, let deadline = timeline.deadline else { return }
        if let timerDeadline, timerDeadline <= deadline, timer != nil { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = nil
            fire()
        }
    }

    private func fire() {
        guard let context else { return }
        switch timeline.expired(at: .now()) {
        case nil:
            reschedule()
        case .close:
            logger.debug("closing a connection that waited too long", metadata: ["wait": "\(timeline.wait)"])
            context.close(promise: nil)
        case .requestTimeout:
            logger.debug("request timed out", metadata: ["wait": "\(timeline.wait)"])
            Self.writeRaw(Self.timedOut(timeline.wait), to: context)
            context.close(promise: nil)
        }
    }

    // MARK: Answers written as bytes

    // Written below the HTTP encoder, which has not started a response on this connection
    // (the timeline says so) and will not, since the connection closes right after.

    private static let busy = rawResponse(
        "503 Service Unavailable", extra: "Retry-After: 1\r\n",
        "the server has as many connections as it allows; try again shortly\n")

    private static func timedOut(_ wait: ConnectionTimeline.Wait) -> String {
        let what = wait == .body ? "the request body stopped arriving" : "the request head did not arrive in time"
        return rawResponse("408 Request Timeout", extra: "", "\(what); closing the connection\n")
    }

    private static func rawResponse(_ status: String, extra: String, _ body: String) -> String {
        "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\(extra)Server: hotels\r\n\r\n\(body)"
    }

    private static func writeRaw(_ text: String, to context: ChannelHandlerContext) {
        context.writeAndFlush(NIOAny(ByteBuffer(string: text)), promise: nil)
    }
}
