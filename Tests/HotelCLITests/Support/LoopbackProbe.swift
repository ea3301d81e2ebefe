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
        switch open(port: port) {
        case .success(let fd):
            close(fd)
            return 0
        case .failure(let error):
            return error.code.rawValue
        }
    }

    /// A connected socket the caller closes, or the `errno` of the failure: for a test that
    /// holds connections open.
    static func open(port: Int) -> Result<Int32, POSIXError> {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            let code = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            close(fd)
            return .failure(code)
        }
        return .success(fd)
    }

    /// Binds a socket to `port` without listening on it and returns it (the caller closes
    /// it), or nil when the port is taken. Connections to it are refused, and no server can
    /// bind the port meanwhile: a test that stopped its server and expects "connection
    /// refused" there keeps another test's new server from landing on the same port.
    static func reserve(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound else {
            close(fd)
            return nil
        }
        return fd
    }

    /// A loopback port free when asked (the kernel's pick for a socket bound to port 0,
    /// closed again), for a command line that must name its port; nil if none was given.
    static func freePort() -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { return nil }
        let port = Int(UInt16(bigEndian: address.sin_port))
        return port > 0 ? port : nil
    }

    /// What the kernel holds on the server's side of the loopback TCP connection from
    /// `clientPort` to `serverPort` that the server has not read yet (`rx_queue` in
    /// /proc/net/tcp); nil while there is no such established connection.
    static func unreadBytes(serverPort: Int, clientPort: Int) -> Int? {
        // Read to the end: /proc reports a size of 0, and String(contentsOfFile:) stops
        // after the first 4 KiB of the table.
        guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return nil }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", clientPort)
        // sl  local_address rem_address   st tx_queue:rx_queue …
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1].hasSuffix(local), fields[2].hasSuffix(remote), fields[3] == "01" else { continue }
            let queues = fields[4].split(separator: ":")
            return queues.count == 2 ? Int(queues[1], radix: 16) : nil
        }
        return nil
    }
}
