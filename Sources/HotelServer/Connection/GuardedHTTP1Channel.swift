import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel with `ConnectionGuard` around the decoder.
///
/// `HTTP1Channel` offers an idle timeout only, and its extra handlers go after the
/// conversion to HTTP types, too late to see bytes or HTTP/1.0 keep-alive; so this builds
/// the same pipeline itself and hands requests to Hummingbird's own `handleHTTP`.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits
    let slots: ConnectionSlots

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let connectionGuard = ConnectionGuard(limits: limits, slots: slots, logger: logger)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(connectionGuard)
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // NIOAsyncChannel reads one request at a time
                withErrorHandling: false,  // Hummingbird answers parse errors itself
                withOutboundHeaderValidation: false  // HTTP types validate already
            )
            try pipeline.addHandler(connectionGuard.makeMessageWatcher())
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            // Without a timeout of its own: it remains for graceful shutdown, closing idle
            // connections and those whose answer is out.
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop: asyncChannel.channel.eventLoop)) {
            await handleHTTP(asyncChannel: asyncChannel, logger: logger)
        }
    }
}
