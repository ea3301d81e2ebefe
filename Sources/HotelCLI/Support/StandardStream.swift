#if canImport(Glibc)
    import Glibc
#endif

/// Standard error and output for messages, written with `write(2)`. A message to a closed
/// or broken stream is lost, and nothing else happens: `FileHandle.write` traps on EPIPE or EBADF (an
/// `Error` it cannot throw), which turned one lost line into a crash with exit 132.
/// SIGPIPE must be ignored for EPIPE to come back as an error instead of a signal;
/// `Hotels.main` does that before any command runs.
enum StandardStream {
    /// A diagnostic or progress line on standard error.
    static func error(_ text: String) { write(text, to: STDERR_FILENO) }

    /// A status line on standard output (the server's "listening on"); data goes through
    /// `OutputSink`, which reports a failed write.
    static func output(_ text: String) { write(text, to: STDOUT_FILENO) }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}
