import Foundation
import HotelSOAP

/// The service's public base URL (`http://127.0.0.1:8080`). Known only once the socket is
/// bound when the port is 0, so it is set from `onServerRunning` unless `--public-url` fixed it.
public final class ServerAddress: @unchecked Sendable {
    private let lock = NSLock()
    private var base: String

    public init(_ base: String) {
        self.base = ServerAddress.trimmed(base)
    }

    public var url: String {
        lock.lock()
        defer { lock.unlock() }
        return base
    }

    func set(_ newBase: String) {
        lock.lock()
        base = ServerAddress.trimmed(newBase)
        lock.unlock()
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
