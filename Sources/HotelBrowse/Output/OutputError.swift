import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A write that failed, by its `errno`, said as the user can act on it.
public struct OutputError: Error, CustomStringConvertible {
    public let errno: Int32

    public init(errno: Int32) {
        self.errno = errno
    }

    /// The reader of the pipe went away (EPIPE): `hotels search … | head -3` after the
    /// third row. What to make of it is the command's choice (`hotels` stops quietly unless
    /// `--strict-pipe`); a full disk or a closed descriptor is always a failure.
    public var isClosedPipe: Bool { errno == EPIPE }

    public var description: String {
        if isClosedPipe { return "the output pipe was closed before all rows were written" }
        return "writing the output failed: \(String(cString: strerror(errno)))"
    }
}
