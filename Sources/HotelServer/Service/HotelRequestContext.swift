import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the connection, so a request's log line can name the
/// client's address (`--log-format json`).
///
/// Why the channel and not the address: reading a channel's peer address takes a lock, and
/// only a JSON log line asks for it; the text line and the bench pay nothing.
public struct HotelRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    private let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    public var remoteAddress: SocketAddress? { channel.remoteAddress }
}
