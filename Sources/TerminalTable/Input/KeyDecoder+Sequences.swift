// Mapping complete CSI / SS3 / mouse sequences to keys.
extension KeyDecoder {
    /// Final bytes shared by CSI (`ESC [ A`, `ESC [ 1 ; 5 A`) and SS3 (`ESC O A`).
    static func keyForFinal(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    mutating func finishCSI(parameters: [UInt8], final: UInt8, into keys: inout [Key]) {
        // SGR mouse: ESC [ < button ; column ; row (M = press, m = release)
        if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = Self.numbers(in: parameters.dropFirst())
            if numbers.count == 3,
                let key = Self.mouseKey(
                    button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1, pressed: final == UInt8(ascii: "M"))
            {
                keys.append(key)
            }
            return
        }
        // Legacy mouse: `ESC [ M` with no parameters is followed by three raw bytes.
        if parameters.isEmpty, final == UInt8(ascii: "M") {
            state = .x10Mouse([])
            return
        }
        let numbers = Self.numbers(in: parameters[...])
        if final == UInt8(ascii: "~") {
            keys.append(Self.keyForTilde(numbers.first ?? 0))
            return
        }
        // Modifiers (`ESC [ 1 ; 5 A` = Ctrl+Up) are accepted but not reported.
        keys.append(Self.keyForFinal(final) ?? .unknown)
    }

    private static func keyForTilde(_ code: Int) -> Key {
        switch code {
        case 1, 7: return .home
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        default: return .unknown
        }
    }

    /// Only presses of the left button and wheel notches are keys; releases, drags
    /// and other buttons are dropped so a client need not filter them.
    static func mouseKey(button: Int, column: Int, row: Int, pressed: Bool) -> Key? {
        let isMotion = button & 32 != 0
        let isWheel = button & 64 != 0
        let buttonNumber = button & 3
        guard pressed, !isMotion else { return nil }
        if isWheel {
            switch buttonNumber {
            case 0: return .mouseWheelUp(row: row, column: column)
            case 1: return .mouseWheelDown(row: row, column: column)
            default: return nil
            }
        }
        return buttonNumber == 0 ? .mouseClick(row: row, column: column) : nil
    }

    static func x10MouseKey(_ bytes: [UInt8]) -> Key? {
        let button = Int(bytes[0]) - 32
        // X10 has no release marker: button number 3 means "released".
        let pressed = button & 3 != 3 || button & 64 != 0
        return mouseKey(button: button, column: Int(bytes[1]) - 33, row: Int(bytes[2]) - 33, pressed: pressed)
    }

    /// Decimal numbers separated by `;`; an empty field counts as 0.
    private static func numbers(in bytes: ArraySlice<UInt8>) -> [Int] {
        bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            field.reduce(0) { value, digit in
                guard digit >= 0x30, digit <= 0x39 else { return value }
                return min(value * 10 + Int(digit - 0x30), 1_000_000)
            }
        }
    }
}
