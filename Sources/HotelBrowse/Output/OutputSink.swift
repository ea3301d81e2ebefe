import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Buffered writes to a file descriptor that report failure (a full disk, a closed pipe)
/// instead of dying on SIGPIPE or losing bytes silently. Rows go through it to standard
/// output (`hotels search`) and to the file the browse table's `w` writes.
public final class OutputSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold: Int

    /// Standard output. SIGPIPE is ignored so a closed pipe surfaces as an error we report.
    public static func standardOutput() -> OutputSink {
        signal(SIGPIPE, SIG_IGN)
        return OutputSink(fd: STDOUT_FILENO)
    }

    public init(fd: Int32, flushThreshold: Int = 64 * 1024) {
        self.fd = fd
        self.flushThreshold = flushThreshold
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    public func write(_ bytes: some Sequence<UInt8>) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    public func write(_ text: String) throws(OutputError) {
        try write(text.utf8)
    }

    /// Lets `body` append to the buffer in place: rows are encoded straight into it.
    package func append(_ body: (inout [UInt8]) -> Void) throws(OutputError) {
        body(&buffer)
        if buffer.count >= flushThreshold { try flush() }
    }

    public func flush() throws(OutputError) {
        var written = 0
        while written < buffer.count {
            let n = buffer[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                buffer.removeAll()
                throw OutputError(errno: code)
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
