import NIOCore
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

/// The connection rules without sockets: what each wait is and when it ends.
@Suite("Connection timeline")
struct ConnectionTimelineTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    static func at(_ seconds: Double) -> NIODeadline { start + .nanoseconds(Int64(seconds * 1e9)) }

    var limits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headTimeout = .seconds(10)
        limits.bodyTimeout = .seconds(3)
        limits.idleTimeout = .seconds(60)
        return limits
    }

    @Test("a new connection has the head timeout from accept, and a slowloris cannot extend it byte by byte")
    func headTimeoutFromAccept() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        #expect(timeline.wait == .head)
        #expect(timeline.expired(at: Self.at(9.9)) == nil)
        #expect(timeline.expired(at: Self.at(10)) == .close, "nothing was sent: closed without an answer")
        for second in 1...9 { _ = timeline.read(1, at: Self.at(Double(second))) }
        #expect(timeline.deadline == Self.at(10))
        #expect(timeline.expired(at: Self.at(10)) == .requestTimeout)
    }

    @Test("the body timeout counts from the last read; the server's own work has no deadline")
    func bodyProgress() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        _ = timeline.read(100, at: Self.at(0.1))
        timeline.requestHead(keepAlive: true)
        #expect(timeline.wait == .body)
        _ = timeline.read(100, at: Self.at(2))
        #expect(timeline.deadline == Self.at(5))
        #expect(timeline.expired(at: Self.at(5)) == .requestTimeout)
        #expect(timeline.requestEnd() == false)
        #expect(timeline.wait == .server)
        #expect(timeline.deadline == nil)
    }

    @Test("after an answer a kept-alive connection idles; the next request's first byte starts its head timeout")
    func idleThenNextHead() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        timeline.requestHead(keepAlive: true)
        _ = timeline.requestEnd()
        #expect(timeline.responseHead() == false)
        #expect(timeline.responseEnd(at: Self.at(1)) == .keepOpen)
        #expect(timeline.wait == .idle)
        #expect(timeline.deadline == Self.at(61))
        #expect(timeline.expired(at: Self.at(61)) == .close)
        _ = timeline.read(10, at: Self.at(30))
        #expect(timeline.wait == .head)
        #expect(timeline.deadline == Self.at(40))
    }

    @Test("HTTP/1.0 without keep-alive: Connection: close, closed after the answer")
    func oneRequestOnly() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        timeline.requestHead(keepAlive: false)
        _ = timeline.requestEnd()
        #expect(timeline.responseHead() == true)
        #expect(timeline.responseEnd(at: Self.at(1)) == .close)
    }

    @Test("an answer before its request is read whole: Connection: close, then linger, dropping bytes, within bounds")
    func earlyAnswerLingers() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        timeline.requestHead(keepAlive: true)
        #expect(timeline.responseHead() == true)
        #expect(timeline.responseEnd(at: Self.at(1)) == .linger)
        #expect(timeline.read(1000, at: Self.at(2)) == false, "dropped, not decoded")
        #expect(timeline.deadline == Self.at(7), "5 s linger timeout from the last read")
        #expect(timeline.expired(at: Self.at(7)) == .close)
        #expect(!timeline.lingeredEnough)
        _ = timeline.read(limits.lingerBytes, at: Self.at(3))
        #expect(timeline.lingeredEnough)
        // Reading steadily still ends at the total linger time.
        for second in 4...40 { _ = timeline.read(1, at: Self.at(Double(second))) }
        #expect(timeline.deadline == Self.at(31))
    }

    @Test("a pipelined request read while the previous answer is written is not taken for an early answer")
    func pipelined() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        timeline.requestHead(keepAlive: true)
        _ = timeline.requestEnd()
        timeline.requestHead(keepAlive: true)
        #expect(timeline.responseHead() == false)
        #expect(timeline.responseEnd(at: Self.at(1)) == .keepOpen)
        #expect(timeline.wait == .body)
    }

    @Test("an early answer whose request then ends closes at once")
    func lingerEndsWithRequest() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        timeline.requestHead(keepAlive: true)
        _ = timeline.responseHead()
        #expect(timeline.responseEnd(at: Self.at(1)) == .linger)
        #expect(timeline.requestEnd() == true)
    }

    @Test("a stalled body while an early answer is still being written is closed, not answered 408 over it")
    func noTimeoutAnswerOverAnAnswer() {
        var timeline = ConnectionTimeline(limits: limits, openedAt: Self.start)
        timeline.requestHead(keepAlive: true)
        _ = timeline.responseHead()
        #expect(timeline.expired(at: Self.at(3)) == .close)
    }

    @Test("the descriptor budget leaves room for the catalog and for refusals")
    func descriptorBudget() {
        let budget = DescriptorBudget(limit: 64, inUse: 19)
        #expect(budget.acceptable == 64 - 19 - DescriptorBudget.reserve)
        #expect(budget.connections < budget.acceptable)
        #expect(DescriptorBudget(limit: 1_048_576, inUse: 20).connections > 1024)
    }
}
