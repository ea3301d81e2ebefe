import NIOCore

/// What one connection is waiting for and until when: the pure core of `ConnectionGuard`.
///
/// Times come in, decisions go out, so the rules are tested without sockets. Requests and
/// responses are counted rather than tracked as one phase, so a pipelined request read
/// while the previous answer is being written does not pass for an early answer.
struct ConnectionTimeline {
    enum Wait: Equatable {
        /// For the rest of a request head (`headTimeout` from its first byte).
        case head
        /// For the next request on a kept-alive connection.
        case idle
        /// For more of a request body.
        case body
        /// Reading and dropping what follows an early answer.
        case linger
        /// For the server: a request is read and its answer not yet written.
        case server
    }

    enum Expiry: Equatable {
        /// Tell the client why before closing: it was in the middle of a request.
        case requestTimeout
        case close
    }

    enum ResponseEnd: Equatable {
        case keepOpen
        case close
        /// Keep reading and dropping until the client stops sending or a linger bound.
        case linger
    }

    let limits: ConnectionLimits
    private var requestsStarted = 0
    private var requestsEnded = 0
    private var responsesEnded = 0
    private var answerIsEarly = false
    /// A response head is out and its end is not: no other answer may be written.
    private var responseOpen = false
    private var closeAfterResponse = false
    private var headStart: NIODeadline?
    /// Whether any byte of the awaited head has arrived: a connection opened and never
    /// used (a browser's preconnect) is closed without an answer.
    private var headHasBytes = false
    private var lastRead: NIODeadline
    private var idleSince: NIODeadline
    private var lingerStart: NIODeadline?
    private var lingerBytes = 0

    init(limits: ConnectionLimits, openedAt now: NIODeadline) {
        self.limits = limits
        headStart = now
        lastRead = now
        idleSince = now
    }

    var wait: Wait {
        if lingerStart != nil { return .linger }
        if requestsStarted > requestsEnded { return .body }
        if requestsEnded > responsesEnded { return .server }
        return headStart != nil ? .head : .idle
    }

    /// When the current wait runs out; nil while the server is working.
    var deadline: NIODeadline? {
        switch wait {
        case .head: headStart.map { $0 + limits.headTimeout }
        case .idle: idleSince + limits.idleTimeout
        case .body: lastRead + limits.bodyTimeout
        case .linger: lingerStart.map { min(lastRead + limits.lingerTimeout, $0 + limits.lingerTime) }
        case .server: nil
        }
    }

    /// Bytes arrived. Returns false when they are to be dropped (lingering).
    mutating func read(_ count: Int, at now: NIODeadline) -> Bool {
        lastRead = now
        switch wait {
        case .linger:
            lingerBytes += count
            return false
        case .idle:
            headStart = now
            headHasBytes = true
        case .head:
            headHasBytes = true
        case .body, .server:
            break
        }
        return true
    }

    /// Whether lingering has read as much as it may.
    var lingeredEnough: Bool { lingerBytes > limits.lingerBytes }

    mutating func requestHead(keepAlive: Bool) {
        requestsStarted += 1
        headStart = nil
        headHasBytes = false
        if !keepAlive { closeAfterResponse = true }
    }

    /// Returns true when lingering is over: the request an early answer cut short has
    /// now been read whole, so closing loses nothing.
    mutating func requestEnd() -> Bool {
        requestsEnded += 1
        return wait == .linger && requestsEnded >= responsesEnded
    }

    /// A response head is going out. Returns whether it must say `Connection: close`.
    mutating func responseHead() -> Bool {
        // The request being answered is the (responsesEnded + 1)th; not yet read whole
        // means the server answered early, typically 413, and the connection cannot be
        // reused: where that request's body ends is known only to the client.
        answerIsEarly = requestsEnded <= responsesEnded
        responseOpen = true
        return answerIsEarly || closeAfterResponse
    }

    mutating func responseEnd(at now: NIODeadline) -> ResponseEnd {
        responsesEnded += 1
        responseOpen = false
        if answerIsEarly && requestsEnded < responsesEnded {
            lingerStart = now
            lastRead = now
            return .linger
        }
        if answerIsEarly || closeAfterResponse { return .close }
        idleSince = now
        return .keepOpen
    }

    /// The deadline passed (checked again, since reads may have moved it).
    func expired(at now: NIODeadline) -> Expiry? {
        guard let deadline, now >= deadline else { return nil }
        switch wait {
        case .head where headHasBytes: return .requestTimeout
        case .body where !responseOpen: return .requestTimeout
        default: return .close
        }
    }
}
