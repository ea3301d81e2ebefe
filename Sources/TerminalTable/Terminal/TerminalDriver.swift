/// A terminal the table can draw on: the real one (`TTYTerminal`) or a fake for tests
/// (`InMemoryTerminal`).
///
/// ```swift
/// let terminal: any TerminalDriver = try TTYTerminal()
/// try terminal.enter()
/// defer { terminal.restore() }
/// for await key in terminal.events { ... }
/// ```
public protocol TerminalDriver: AnyObject, Sendable {
    /// The current size in cells.
    var size: TerminalSize { get }

    /// Keys, mouse events and `.resize`, in the order they happened. The stream ends
    /// after `restore()`.
    var events: AsyncStream<Key> { get }

    /// Writes raw bytes (text and escape sequences) to the terminal.
    func write(_ bytes: [UInt8])

    /// Enters raw mode and the alternate screen, hides the cursor, enables the mouse.
    func enter() throws

    /// Undoes `enter()`. Safe to call more than once.
    func restore()
}
