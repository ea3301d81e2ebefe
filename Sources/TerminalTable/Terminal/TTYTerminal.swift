import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The real terminal: raw mode, alternate screen, mouse, resize and key events.
///
/// The terminal is always given back, whichever way the program ends: `restore()`
/// (idempotent, also run from `deinit`), SIGINT/SIGTERM/SIGHUP (restore, then exit
/// with status 128 + signal), `exit()` via `atexit`, and crashes (SIGSEGV, SIGABRT, ...)
/// via a signal-safe handler that writes precomputed bytes and resets the tty mode.
///
/// ```swift
/// let terminal = try TTYTerminal()
/// try terminal.enter()
/// defer { terminal.restore() }
/// var screen = TerminalScreen(terminal)
/// for await key in terminal.events {
///     if key == .ctrl("c") || key == .char("q") { break }
///     if key == .resize { screen.invalidate() }
///     screen.present(makeFrame(terminal.size))
/// }
/// ```
public final class TTYTerminal: TerminalDriver, @unchecked Sendable {
    // @unchecked: `state` is guarded by `lock`; `decoder` and `flushGeneration` are only
    // used on `queue`; writes are serialised by `writeLock`.
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private let ownsDescriptor: Bool
    private let queue = DispatchQueue(label: "TerminalTable.TTYTerminal")
    private let lock = NSLock()
    private let writeLock = NSLock()
    private var state = SessionState()
    private var decoder = KeyDecoder()
    private var flushGeneration = 0
    private let continuation: AsyncStream<Key>.Continuation

    public let events: AsyncStream<Key>

    /// How long a lone ESC waits for the rest of a sequence before it counts as the
    /// Escape key. Long enough for sequences split over slow links, short enough not
    /// to feel laggy.
    public let escapeTimeout: DispatchTimeInterval

    /// Whether `enter()` asks the terminal how it draws emoji sequences (`WidthProbe`).
    public let probesWidths: Bool

    /// The environment to probe graphics for in `enter()` (`GraphicsProbe`); nil for no
    /// graphics probe.
    public let graphicsEnvironment: [String: String]?

    /// What the terminal answered to the graphics probe in `enter()`: nil when it was not
    /// asked; empty replies when it answered nothing in time.
    public var probeReplies: ProbeReplies? { lock.withLock { state.probeReplies } }

    private struct SessionState {
        var isActive = false
        var originalAttributes = termios()
        var readSource: DispatchSourceRead?
        var signalSources: [DispatchSourceSignal] = []
        var previousHandlers: [(Int32, sighandler_t?)] = []
        var probeReplies: ProbeReplies?
    }

    /// Opens the controlling terminal.
    ///
    /// - Parameter requireStandardStreams: when true (the default) stdin and stdout must
    ///   both be TTYs, so `tool | less` or CI runs fail with `TerminalError.notATerminal`
    ///   instead of drawing into a pipe. Input and output then go through `/dev/tty`
    ///   when it can be opened, else through stdin/stdout.
    public init(
        requireStandardStreams: Bool = true, escapeTimeout: DispatchTimeInterval = .milliseconds(40), probesWidths: Bool = true,
        graphicsEnvironment: [String: String]? = nil
    ) throws {
        if requireStandardStreams, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
            throw TerminalError.notATerminal
        }
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if descriptor >= 0, isatty(descriptor) == 1 {
            inputDescriptor = descriptor
            outputDescriptor = descriptor
            ownsDescriptor = true
        } else {
            if descriptor >= 0 { close(descriptor) }
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
            inputDescriptor = STDIN_FILENO
            outputDescriptor = STDOUT_FILENO
            ownsDescriptor = false
        }
        self.escapeTimeout = escapeTimeout
        self.probesWidths = probesWidths
        self.graphicsEnvironment = graphicsEnvironment
        (events, continuation) = AsyncStream.makeStream(of: Key.self)
    }

    deinit {
        restore()
        if ownsDescriptor { close(inputDescriptor) }
    }

    // MARK: TerminalDriver

    /// The size from `TIOCGWINSZ`, or 80×24 if the terminal does not say.
    public var size: TerminalSize {
        var window = winsize()
        if ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
        }
        return TerminalSize(width: 80, height: 24)
    }

    public func write(_ bytes: [UInt8]) {
        writeLock.withLock {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(outputDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0, errno == EINTR || errno == EAGAIN {
                        continue
                    } else {
                        return  // terminal gone (e.g. hung up); nothing sensible left to do
                    }
                }
            }
        }
    }

    public func enter() throws {
        try lock.withLock {
            guard !state.isActive else { return }
            var original = termios()
            guard tcgetattr(inputDescriptor, &original) == 0 else {
                throw TerminalError.systemCall(call: "tcgetattr", code: errno)
            }
            var raw = original
            cfmakeraw(&raw)
            guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else {
                throw TerminalError.systemCall(call: "tcsetattr", code: errno)
            }
            state.isActive = true
            state.originalAttributes = original
            // Arm the crash/exit path before anything visible changes.
            TerminalRestoreGuard.arm(
                descriptor: outputDescriptor,
                inputDescriptor: inputDescriptor,
                attributes: original,
                bytes: Array(EscapeSequence.leaveInteractive.utf8)
            )
            installSignalSources()
        }
        write(Array(EscapeSequence.enterInteractive.utf8))
        // Before the first frame is measured: how this terminal draws emoji sequences.
        var answers = true
        if probesWidths {
            let (rules, typedAhead) = WidthProbe.run(input: inputDescriptor, output: outputDescriptor)
            if let rules { DisplayWidth.rules = rules }
            answers = rules != nil
            if !typedAhead.isEmpty { queue.async { self.emit(self.decoder.feed(typedAhead)) } }
        }
        // How it draws pictures. A terminal that did not answer the width probe answers no
        // other query either: asking again would only double the wait. Its window size
        // still gives the cell size (a kitty still starting up under load answered late,
        // and its logos were drawn for an assumed 10 × 20 cell and scaled).
        if let graphicsEnvironment {
            let (replies, typedAhead) =
                answers
                ? GraphicsProbe.run(input: inputDescriptor, output: outputDescriptor, environment: graphicsEnvironment)
                : (GraphicsProbe.withWindowSize(ProbeReplies(), of: outputDescriptor), [])
            lock.withLock { state.probeReplies = replies }
            if !typedAhead.isEmpty { queue.async { self.emit(self.decoder.feed(typedAhead)) } }
        }
        lock.withLock { startReading() }
    }

    public func restore() {
        restoreTerminal()
        continuation.finish()
    }

    /// Everything `restore()` does except ending `events`. The signal path uses it: ending
    /// the stream there let the program's loop finish and exit 0 before the handler's
    /// `exit(128 + signal)` ran, so a terminated `hotels browse` sometimes reported success.
    private func restoreTerminal() {
        let session: SessionState? = lock.withLock {
            guard state.isActive else { return nil }
            let session = state
            state = SessionState()
            return session
        }
        guard var session else { return }
        session.readSource?.cancel()
        for source in session.signalSources { source.cancel() }
        for (signalNumber, handler) in session.previousHandlers { signal(signalNumber, handler) }
        write(Array(EscapeSequence.leaveInteractive.utf8))
        tcsetattr(inputDescriptor, TCSAFLUSH, &session.originalAttributes)
        TerminalRestoreGuard.disarm()
    }

    // MARK: Input

    private func startReading() {
        let source = DispatchSource.makeReadSource(fileDescriptor: inputDescriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readAvailableInput() }
        source.resume()
        state.readSource = source
    }

    /// Runs on `queue`.
    private func readAvailableInput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
        if count == 0 {
            continuation.finish()  // the terminal went away
            return
        }
        guard count > 0 else { return }
        emit(decoder.feed(Array(buffer[0..<count])))
        if decoder.hasPendingInput { scheduleFlush() }
    }

    /// A lone ESC only becomes `.escape` if nothing follows within `escapeTimeout`.
    private func scheduleFlush() {
        flushGeneration += 1
        let generation = flushGeneration
        queue.asyncAfter(deadline: .now() + escapeTimeout) { [weak self] in
            guard let self, generation == self.flushGeneration, self.decoder.hasPendingInput else { return }
            self.emit(self.decoder.flush())
        }
    }

    private func emit(_ keys: [Key]) {
        for key in keys { continuation.yield(key) }
    }

    // MARK: Signals

    /// Must be called with `lock` held.
    private func installSignalSources() {
        // A dispatch source only sees the signal if the default action is disabled.
        let watched: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]
        for signalNumber in watched {
            state.previousHandlers.append((signalNumber, signal(signalNumber, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [weak self] in
                if signalNumber == SIGWINCH {
                    self?.continuation.yield(.resize)
                } else {
                    self?.restoreTerminal()
                    exit(128 + signalNumber)
                }
            }
            source.resume()
            state.signalSources.append(source)
        }
    }
}
