import Foundation

/// A fake terminal for tests: it records every byte written, keeps a `VirtualScreen`
/// of what a user would see, and lets the test inject keys and resizes.
///
/// ```swift
/// let terminal = InMemoryTerminal(width: 40, height: 10)
/// var screen = TerminalScreen(terminal)
/// screen.present(frame)
/// #expect(terminal.screenLines[0].hasPrefix("Name"))
/// terminal.inject(.down)
/// ```
public final class InMemoryTerminal: TerminalDriver, @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`.
    private let lock = NSLock()
    private var screen: VirtualScreen
    private var recorded: [UInt8] = []
    private var decoder = KeyDecoder()
    private var interactive = false
    private var changes = 0
    private let continuation: AsyncStream<Key>.Continuation

    public let events: AsyncStream<Key>

    public init(width: Int = 80, height: Int = 24) {
        screen = VirtualScreen(width: width, height: height)
        (events, continuation) = AsyncStream.makeStream(of: Key.self)
    }

    // MARK: TerminalDriver

    public var size: TerminalSize {
        lock.withLock { TerminalSize(width: screen.buffer.width, height: screen.buffer.height) }
    }

    public func write(_ bytes: [UInt8]) {
        lock.withLock {
            recorded += bytes
            screen.feed(bytes)
            changes += 1
        }
    }

    public func enter() throws {
        lock.withLock { interactive = true }
        write(Array(EscapeSequence.enterInteractive.utf8))
    }

    public func restore() {
        let wasInteractive = lock.withLock {
            defer { interactive = false }
            return interactive
        }
        guard wasInteractive else { return }
        write(Array(EscapeSequence.leaveInteractive.utf8))
        continuation.finish()
    }

    // MARK: Inspecting output

    /// Every byte written so far (since the last `clearWritten()`).
    public var written: [UInt8] { lock.withLock { recorded } }

    /// `written` as text, handy for `contains` checks.
    public var writtenText: String { String(decoding: written, as: UTF8.self) }

    public func clearWritten() {
        lock.withLock { recorded = [] }
    }

    /// Counts writes and resizes: a test waiting for the screen to show something looks
    /// again only when this moved, instead of rebuilding the screen's text on every poll.
    public var changeCount: Int { lock.withLock { changes } }

    /// What the user sees, one full-width string per row.
    public var screenLines: [String] { lock.withLock { screen.lines } }

    /// A snapshot of the emulated screen (cursor, modes, overflow count).
    public var virtualScreen: VirtualScreen { lock.withLock { screen } }

    public func cell(row: Int, column: Int) -> Cell {
        lock.withLock { screen.buffer[row, column] }
    }

    public func style(row: Int, column: Int) -> Style {
        cell(row: row, column: column).style
    }

    public var isInteractive: Bool { lock.withLock { interactive } }

    // MARK: Simulating the user

    public func inject(_ keys: Key...) {
        for key in keys { continuation.yield(key) }
    }

    /// Sends raw input bytes through a `KeyDecoder`, as the real terminal does.
    public func inject(bytes: [UInt8]) {
        let keys = lock.withLock { decoder.feed(bytes) }
        for key in keys { continuation.yield(key) }
    }

    /// Changes the size and reports `.resize`, like SIGWINCH on a real terminal.
    public func resize(width: Int, height: Int) {
        lock.withLock {
            screen.resize(width: width, height: height)
            changes += 1
        }
        continuation.yield(.resize)
    }

    /// Ends the event stream, e.g. to let an event loop under test finish.
    public func finishInput() {
        continuation.finish()
    }
}
