import NIOCore
import NIOHTTP1

extension ConnectionGuard {
    /// Placed right after the HTTP decoder: tells the guard where requests and answers
    /// begin and end, marks answers that end the connection `Connection: close`, and
    /// closes after them.
    final class MessageWatcher: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart

        private let connection: ConnectionGuard

        init(guard connection: ConnectionGuard) {
            self.connection = connection
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                // HTTP/1.0 without keep-alive, or `Connection: close`: one request only.
                connection.requestHead(keepAlive: head.isKeepAlive)
            case .body:
                break
            case .end:
                connection.requestEnd()
            }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            switch unwrapOutboundIn(data) {
            case .head(var head):
                if connection.responseHead() {
                    head.headers.replaceOrAdd(name: "Connection", value: "close")
                    context.write(wrapOutboundOut(.head(head)), promise: promise)
                    return
                }
            case .body:
                break
            case .end:
                let action = connection.responseEnd()
                guard action == .close else { break }
                // Close once the answer is out, not before: a close now could drop it.
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.assumeIsolated().whenComplete { result in
                    promise?.completeWith(result)
                    context.close(promise: nil)
                }
                context.writeAndFlush(data, promise: written)
                return
            }
            context.write(data, promise: promise)
        }
    }
}
