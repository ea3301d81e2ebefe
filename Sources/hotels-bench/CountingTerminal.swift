import TerminalTable

/// A terminal that only counts the bytes written to it. Frames are timed on this one:
/// `InMemoryTerminal` also emulates a screen (parses every escape sequence), which a real
/// terminal does in its own process, so timing on it would charge that work to the table.
final class CountingTerminal: TerminalDriver, @unchecked Sendable {
    // @unchecked: used from one thread only, the benchmark's.
    let size: TerminalSize
    let events: AsyncStream<Key>
    private(set) var bytesWritten = 0

    init(width: Int, height: Int) {
        size = TerminalSize(width: width, height: height)
        events = AsyncStream { $0.finish() }
    }

    func write(_ bytes: [UInt8]) { bytesWritten += bytes.count }
    func enter() throws {}
    func restore() {}
}
