import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an action on every SIGHUP, the signal operators send to make a daemon reread its
/// files (`kill -HUP $(pidof hotels)`), instead of letting SIGHUP end the process, its
/// default.
///
/// SIGHUP is ignored first, then watched through a dispatch source: the action runs on a
/// serial queue of its own, never inside a signal handler, one at a time however fast the
/// signals come, and off the event loops and the cooperative pool (a reload reads files
/// with blocking calls). Hummingbird's service group watches SIGINT and SIGTERM the same
/// way; SIGHUP is left to this.
///
/// ```swift
/// let hangup = HangupSignal { reloader.reload() }
/// defer { hangup.cancel() }
/// ```
public final class HangupSignal: Sendable {
    /// Dispatch sources are thread-safe (`cancel` may come from any thread), but the
    /// protocol does not say `Sendable`.
    nonisolated(unsafe) private let source: any DispatchSourceSignal

    /// Starts watching now. Keep the value: SIGHUP stays ignored after ``cancel()``.
    public init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "hotels.sighup"))
        source.setEventHandler(handler: action)
        source.resume()
        self.source = source
    }

    /// Stops running the action; later SIGHUPs are still ignored, never fatal.
    public func cancel() {
        source.cancel()
    }
}
