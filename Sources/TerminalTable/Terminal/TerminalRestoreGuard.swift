#if canImport(Glibc)
    import Glibc
#endif

/// Last-resort terminal restore for crashes and `exit()`.
///
/// Signal handlers may only call async-signal-safe functions, so everything they need
/// (the bytes to write, the saved tty mode, the previous handlers) is prepared when
/// the terminal is entered and kept in plain memory that the handler reads.
enum TerminalRestoreGuard {
    /// Fatal signals we intercept; Swift's `fatalError` traps with SIGILL/SIGTRAP.
    private static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP]
    private static let signalSlots = 65

    private struct Storage {
        var descriptor: Int32 = -1
        var inputDescriptor: Int32 = -1
        var attributes = termios()
        var bytes: UnsafeMutablePointer<UInt8>?
        var byteCount = 0
        var previousActions: UnsafeMutablePointer<sigaction>?
        var atexitRegistered = false
        var handlersInstalled = false
    }

    // Written only while the UI is being set up (single call from `enter()`/`restore()`),
    // read by the signal and atexit handlers, which cannot take locks.
    nonisolated(unsafe) private static var storage = Storage()
    nonisolated(unsafe) private static var armed: sig_atomic_t = 0

    static func arm(descriptor: Int32, inputDescriptor: Int32, attributes: termios, bytes: [UInt8]) {
        storage.descriptor = descriptor
        storage.inputDescriptor = inputDescriptor
        storage.attributes = attributes
        storage.bytes?.deallocate()
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        storage.bytes = pointer
        storage.byteCount = bytes.count
        if !storage.atexitRegistered {
            storage.atexitRegistered = true
            atexit { TerminalRestoreGuard.restoreNow() }
        }
        installCrashHandlers()
        armed = 1
    }

    static func disarm() {
        armed = 0
    }

    /// Async-signal-safe: only `write` and `tcsetattr`.
    static func restoreNow() {
        guard armed == 1 else { return }
        armed = 0
        if let bytes = storage.bytes {
            _ = write(storage.descriptor, bytes, storage.byteCount)
        }
        _ = tcsetattr(storage.inputDescriptor, TCSAFLUSH, &storage.attributes)
    }

    private static func installCrashHandlers() {
        guard !storage.handlersInstalled else { return }
        storage.handlersInstalled = true
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
        previous.initialize(repeating: sigaction(), count: signalSlots)
        storage.previousActions = previous
        for signalNumber in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                TerminalRestoreGuard.restoreNow()
                // Hand the signal to whoever had it before (Swift's backtracer, or the
                // default action) so the crash still reports and dumps as usual.
                if let previous = TerminalRestoreGuard.storage.previousActions {
                    _ = sigaction(signalNumber, previous + Int(signalNumber), nil)
                }
                _ = raise(signalNumber)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            _ = sigaction(signalNumber, &action, previous + Int(signalNumber))
        }
    }
}
