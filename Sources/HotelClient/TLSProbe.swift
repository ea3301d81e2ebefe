import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// One TLS handshake that does not check the certificate, and nothing else: no byte of
/// any request is sent. `TransportFailure` uses it to tell an untrusted certificate from
/// a port that does not speak TLS, which BoringSSL's errors do not tell apart by type.
enum TLSProbe {
    static func completesHandshake(host: String, port: Int, timeout: TimeAmount) async -> Bool {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: tls) else { return false }
        let group = MultiThreadedEventLoopGroup.singleton
        let done = group.next().makePromise(of: Void.self)
        // SNI carries names only: an IP literal must not be sent as one.
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(done: done))
                }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else {
            done.fail(ChannelError.connectTimeout(timeout))
            return false
        }
        let deadline = channel.eventLoop.scheduleTask(in: timeout) { done.fail(ChannelError.connectTimeout(timeout)) }
        let completed = (try? await done.futureResult.get()) != nil
        deadline.cancel()
        try? await channel.close()
        return completed
    }

    private final class HandshakeWatcher: ChannelInboundHandler, Sendable {
        typealias InboundIn = Any
        let done: EventLoopPromise<Void>

        init(done: EventLoopPromise<Void>) {
            self.done = done
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted = event { done.succeed() }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.fail(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            done.fail(ChannelError.eof)
            context.fireChannelInactive()
        }
    }
}
