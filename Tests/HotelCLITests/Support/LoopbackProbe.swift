import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens a TCP connection to a loopback port, to tell whether anything still listens there.
enum LoopbackProbe {
    /// 0 when a connection was accepted, else the `errno` of the failed `connect`
    /// (`ECONNREFUSED` once the listener is closed). Loopback answers at once, so the
    /// blocking call costs microseconds.
    static func connect(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return rc == 0 ? 0 : errno
    }
}
