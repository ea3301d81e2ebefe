import Synchronization

/// A value that threads hand to one another, reached only under a lock: a checked
/// `Sendable` reference for what a `Mutex` alone (not copyable) cannot be captured as.
final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) { mutex = Mutex(value) }

    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
