import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the terminal how it draws the emoji sequences terminals disagree on (`WidthRules`):
/// each probe is drawn at the start of the line and followed by a cursor position report
/// request (DSR, `CSI 6n`), so the column the terminal answers is the probe's width.
/// Every terminal in use answers DSR; one that does not keeps the default rules.
///
/// ```swift
/// let (rules, typedAhead) = WidthProbe.run(input: fd, output: fd)   // terminal in raw mode
/// if let rules { DisplayWidth.rules = rules }
/// ```
public enum WidthProbe {
    /// ❤️ (1 or 2: does VS16 widen?), 👍🏽 (2 or 4: does a skin tone join?), 👨‍👩 (2 or 4:
    /// does ZWJ join?), each from column 1, then the line erased.
    static let probes = ["\u{2764}\u{FE0F}", "\u{1F44D}\u{1F3FD}", "\u{1F468}\u{200D}\u{1F469}"]

    static var request: [UInt8] {
        var text = ""
        for probe in probes { text += "\r" + probe + EscapeSequence.reportCursorPosition }
        return Array((text + "\r" + EscapeSequence.eraseLine).utf8)
    }

    /// The rules the replies to `request` show, once all of them are in; and every other
    /// byte of `input` (keys typed meanwhile), in order.
    static func interpret(_ input: [UInt8]) -> (rules: WidthRules?, other: [UInt8]) {
        var columns: [Int] = []
        var other: [UInt8] = []
        var index = 0
        while index < input.count {
            if let (column, next) = cursorReport(in: input, at: index) {
                columns.append(column)
                index = next
            } else {
                other.append(input[index])
                index += 1
            }
        }
        guard columns.count >= probes.count else { return (nil, other) }
        let widths = columns.prefix(probes.count).map { $0 - 1 }
        let rules = WidthRules(variationSelectorWidens: widths[0] >= 2, modifierJoins: widths[1] <= 2, zeroWidthJoinerJoins: widths[2] <= 2)
        return (rules, other)
    }

    /// `ESC [ row ; column R` at `index`: the column and the index after it.
    private static func cursorReport(in input: [UInt8], at index: Int) -> (Int, Int)? {
        guard index + 1 < input.count, input[index] == 0x1B, input[index + 1] == UInt8(ascii: "[") else { return nil }
        var numbers = [0]
        var position = index + 2
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - 48), 100_000)
            case UInt8(ascii: ";"):
                numbers.append(0)
            case UInt8(ascii: "R"):
                return numbers.count == 2 ? (numbers[1], position + 1) : nil
            default:
                return nil
            }
            position += 1
        }
        return nil
    }

    /// Sends the probes and reads the replies for at most `timeout`. The terminal must be in
    /// raw mode (no echo, no line buffering). Returns the rules, or nil when the terminal did
    /// not answer in time, and the bytes read that were not replies.
    public static func run(input: Int32, output: Int32, timeout: Duration = .milliseconds(300)) -> (WidthRules?, [UInt8]) {
        guard DescriptorIO.writeAll(request, to: output) else { return (nil, []) }
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while true {
            let (rules, other) = interpret(received)
            if rules != nil { return (rules, other) }
            guard let chunk = DescriptorIO.read(from: input, before: deadline) else { return (nil, other) }
            received += chunk
        }
    }

    /// Probes the controlling terminal (`/dev/tty`) from a program that is not otherwise
    /// interactive, such as `hotels search --format table` printing to a terminal: raw mode
    /// just for the probe, the line it drew on erased. Nil when there is no terminal or it
    /// did not answer within `timeout` (a second by default: over a slow link a reply that
    /// came after the mode was restored would be echoed into the rows); keys typed
    /// meanwhile are lost (there is no one to give them to).
    public static func probeControllingTerminal(timeout: Duration = .seconds(1)) -> WidthRules? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var original = termios()
        // A job in the background would be stopped (SIGTTOU) for touching the terminal's mode.
        guard isatty(descriptor) == 1, tcgetpgrp(descriptor) == getpgrp(), tcgetattr(descriptor, &original) == 0 else { return nil }
        var raw = original
        cfmakeraw(&raw)
        // Keep output processing: the probe ends with "\r", and rows printed later expect "\n" to start a line.
        raw.c_oflag = original.c_oflag
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(descriptor, TCSANOW, &original) }
        let rules = run(input: descriptor, output: descriptor, timeout: timeout).0
        // A reply still on its way would be echoed into the output once the mode is back:
        // drop what has come of it. (Longer than a second late, it would still show.)
        if rules == nil { tcflush(descriptor, TCIFLUSH) }
        return rules
    }
}
