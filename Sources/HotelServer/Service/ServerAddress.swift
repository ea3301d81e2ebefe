import HotelSOAP
import Synchronization

/// The service's public base URL (`http://127.0.0.1:8080`). Known only once the socket is
/// bound when the port is 0, so it is set once from `onServerRunning` unless `--public-url`
/// fixed it.
///
/// Read for every hotel a response writes, on every event loop: an `NSLock` here was one
/// lock all loops took in turn (issue 33). Set once, it is read without one.
public final class ServerAddress: Sendable {
    private final class Base: Sendable {
        let url: String
        init(_ url: String) { self.url = url }
    }

    private let initial: String
    private let bound = AtomicLazyReference<Base>()

    public init(_ base: String) {
        initial = ServerAddress.trimmed(base)
    }

    public var url: String { bound.load()?.url ?? initial }

    /// Sets the address once; a second call is a programming error.
    func set(_ newBase: String) {
        let wanted = Base(ServerAddress.trimmed(newBase))
        let stored = bound.storeIfNil(wanted)
        assert(stored === wanted, "ServerAddress.set called twice")
    }

    private static func trimmed(_ s: String) -> String {
        s.hasSuffix("/") ? String(s.dropLast()) : s
    }

    /// The catalog stores site-relative paths (`/logos/H1.png`): it cannot know which
    /// address a client reached us by.
    func absolutize(_ path: String) -> String {
        path.hasPrefix("/") ? url + path : path
    }

    func absolutize(_ hotel: HotelInfo) -> HotelInfo {
        var hotel = hotel
        absolutize(&hotel)
        return hotel
    }

    func absolutize(_ hotel: inout HotelInfo) {
        if let logo = hotel.logoURL, logo.hasPrefix("/") { hotel.logoURL = url + logo }
    }
}
