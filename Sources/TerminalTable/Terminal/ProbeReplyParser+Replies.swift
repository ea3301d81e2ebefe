// Reading complete replies into `ProbeReplies`.
extension ProbeReplyParser {
    /// Records a CSI reply; false when the sequence is not one (an arrow key, a mouse
    /// report), so the caller passes it on.
    mutating func record(csi parameters: [UInt8], final: UInt8) -> Bool {
        if parameters.first == UInt8(ascii: "?"), final == UInt8(ascii: "c") {
            guard let numbers = Self.numbers(parameters.dropFirst()) else { return false }
            replies.deviceAttributes = numbers
            return true
        }
        guard final == UInt8(ascii: "t"), let numbers = Self.numbers(parameters[...]), numbers.count == 3 else { return false }
        switch numbers[0] {
        case 6: replies.cellSize = PixelSize(width: numbers[2], height: numbers[1])
        case 4: replies.textAreaPixels = PixelSize(width: numbers[2], height: numbers[1])
        case 8: replies.textAreaCells = TerminalSize(width: numbers[2], height: numbers[1])
        default: return false
        }
        return true
    }

    /// Whether a CSI that starts with `parameters` can still become a reply: `?` and
    /// numbers (DA1), or 4, 6 or 8 and two more numbers (`… t`). Anything else (arrows,
    /// function keys, mouse reports) is given back at once instead of waiting for its end.
    static func mayBeReply(csi parameters: [UInt8]) -> Bool {
        let isNumeric = { (byte: UInt8) in (0x30...0x39).contains(byte) || byte == UInt8(ascii: ";") }
        if parameters.first == UInt8(ascii: "?") { return parameters.dropFirst().allSatisfy(isNumeric) }
        guard let first = parameters.first, [UInt8(ascii: "4"), UInt8(ascii: "6"), UInt8(ascii: "8")].contains(first) else { return false }
        if parameters.count > 1, parameters[1] != UInt8(ascii: ";") { return false }
        return parameters.allSatisfy(isNumeric) && parameters.filter { $0 == UInt8(ascii: ";") }.count <= 2
    }

    /// Records a string reply whose body (after `ESC P` or `ESC _`) starts with the kind's
    /// prefix. A kitty reply about another image id is someone else's; it is swallowed all
    /// the same, as it is no key.
    mutating func record(string kind: StringKind, body: [UInt8]) {
        let text = String(decoding: body.dropFirst(kind.prefix.count), as: UTF8.self)
        switch kind {
        case .terminalVersion:
            replies.terminalVersion = TerminalVersion(text)
        case .kittyGraphics:
            // `i=31;OK`, or `i=31;ENOTSUPPORTED:…` when the protocol is known but refused.
            let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let keys = parts[0].split(separator: ",")
            guard keys.contains("i=\(EscapeSequence.kittyQueryID)") else { return }
            replies.kittyGraphics = parts.count > 1 && parts[1] == "OK"
        }
    }

    /// Decimal numbers separated by `;`, empty fields skipped (kitty answers DA1 `?62;c`);
    /// nil when anything else is in there.
    static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        var numbers: [Int] = []
        for field in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            var value = 0
            for digit in field {
                guard (0x30...0x39).contains(digit) else { return nil }
                value = min(value * 10 + Int(digit - 0x30), 1_000_000)
            }
            numbers.append(value)
        }
        return numbers
    }
}
