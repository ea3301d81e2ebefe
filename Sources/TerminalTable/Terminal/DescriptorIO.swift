import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Blocking writes and deadline-bounded reads on a terminal's file descriptor, for the
/// probes that run before the event loop starts (`WidthProbe`, `GraphicsProbe`).
enum DescriptorIO {
    /// Writes every byte; false when the descriptor failed (e.g. the terminal hung up).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// What arrives before `deadline`: nil when nothing came in time or the descriptor
    /// failed, else up to 256 bytes.
    static func read(from descriptor: Int32, before deadline: ContinuousClock.Instant) -> [UInt8]? {
        while true {
            let left = deadline - .now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return Array(buffer[0..<count])
        }
    }
}
