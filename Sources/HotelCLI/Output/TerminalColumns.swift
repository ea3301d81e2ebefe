import Foundation
import TerminalTable

/// How wide a table printed to standard output may be.
enum TerminalColumns {
    /// The terminal's width when standard output is one (and its emoji width rules asked
    /// of it, so the table's widths are the terminal's); nil for a pipe or a file, whose
    /// reader gets every cell whole.
    static func ofStandardOutput() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
            return ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        }
        if let rules = WidthProbe.probeControllingTerminal() { DisplayWidth.rules = rules }
        return Int(window.ws_col)
    }
}
