import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A write that failed, by its `errno`, said as the user can act on it.
public struct OutputError: Error, CustomStringConvertible {
    public let errno: Int32

    public var description: String {
        if errno == EPIPE { return "the output pipe was closed before all rows were written" }
        return "writing the output failed: \(String(cString: strerror(errno)))"
    }
}
