/// Turns raw terminal input bytes into `Key`s.
///
/// A pure state machine: bytes may arrive in any chunking (a sequence split over two
/// reads decodes the same as in one), and nothing here touches the terminal or time.
/// A lone ESC is ambiguous (is a sequence coming?), so it is held back until more
/// bytes arrive or the caller decides, after a short timeout, to call `flush()`.
///
/// Replies to `TerminalProbe` that arrive after the probe stopped waiting (over a slow
/// link) are not keys: a `ProbeReplyParser` in front drops them, so a version string such
/// as `kitty(0.26.5)` never arrives as typed letters. It holds `ESC P` and `ESC _` for one
/// more byte to tell a reply from Alt+P and Alt+_, which decode as before.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B])   // []  (waiting for the rest)
/// decoder.feed([0x41])         // [.up]
/// decoder.feed([0x1B])         // []
/// decoder.flush()              // [.escape]
/// ```
public struct KeyDecoder: Sendable, Equatable {
    enum State: Sendable, Equatable {
        case ground
        /// Saw ESC; the next byte decides between a key, CSI and SS3.
        case escape
        /// Inside `ESC [`, collecting parameter and intermediate bytes.
        case csi([UInt8])
        /// Saw `ESC O`; one more byte names the key.
        case ss3
        /// Legacy X10 mouse report `ESC [ M b x y`: collecting the three raw bytes.
        case x10Mouse([UInt8])
        /// Inside a multi-byte UTF-8 character.
        case utf8(collected: [UInt8], needed: Int)
    }

    var state: State = .ground
    /// Takes late probe replies out before decoding.
    var replyFilter = ProbeReplyParser()

    /// Longest CSI we accept; anything longer is garbage and dropped as `.unknown`.
    private static let maximumSequenceLength = 32

    public init() {}

    /// True while bytes are held back waiting for the rest of a sequence. A reader
    /// should call `flush()` if no further input arrives shortly.
    public var hasPendingInput: Bool { state != .ground || replyFilter.hasPendingInput }

    /// Decodes as many keys as `bytes` complete.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        for byte in replyFilter.feed(bytes) {
            consume(byte, into: &keys)
        }
        return keys
    }

    /// Resolves anything held back: a lone ESC becomes `.escape`, an incomplete
    /// sequence becomes `.unknown`.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        for byte in replyFilter.finish() {
            consume(byte, into: &keys)
        }
        defer { state = .ground }
        switch state {
        case .ground: return keys
        case .escape: return keys + [.escape]
        default: return keys + [.unknown]
        }
    }

    private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            consumeGround(byte, into: &keys)

        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .csi([])
            case UInt8(ascii: "O"): state = .ss3
            case 0x1B:
                // ESC ESC: the first one was a real Escape press.
                keys.append(.escape)
            default:
                // ESC followed by a normal byte is Alt+key; we report Escape then the key.
                keys.append(.escape)
                state = .ground
                consumeGround(byte, into: &keys)
            }

        case .csi(var collected):
            switch byte {
            case 0x20...0x3F:
                collected.append(byte)
                if collected.count > Self.maximumSequenceLength {
                    keys.append(.unknown)
                    state = .ground
                } else {
                    state = .csi(collected)
                }
            case 0x40...0x7E:
                state = .ground
                finishCSI(parameters: collected, final: byte, into: &keys)
            default:
                // Not a valid CSI byte: give up on the sequence and treat the byte afresh.
                keys.append(.unknown)
                state = .ground
                consumeGround(byte, into: &keys)
            }

        case .ss3:
            state = .ground
            keys.append(Self.keyForFinal(byte) ?? .unknown)

        case .x10Mouse(var collected):
            collected.append(byte)
            if collected.count < 3 {
                state = .x10Mouse(collected)
            } else {
                state = .ground
                if let key = Self.x10MouseKey(collected) { keys.append(key) }
            }

        case .utf8(var collected, let needed):
            guard byte & 0xC0 == 0x80 else {
                // The character was cut short; report it and start over with this byte.
                keys.append(.unknown)
                state = .ground
                consumeGround(byte, into: &keys)
                return
            }
            collected.append(byte)
            if collected.count < needed {
                state = .utf8(collected: collected, needed: needed)
            } else {
                state = .ground
                keys.append(Self.decodeUTF8(collected))
            }
        }
    }

    private mutating func consumeGround(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x00: keys.append(.ctrl("@"))
        case 0x01...0x1A: keys.append(.ctrl(Character(Unicode.Scalar(byte + 0x60))))
        case 0x1C...0x1F: keys.append(.ctrl(Character(Unicode.Scalar(byte + 0x40))))
        case 0x20...0x7E: keys.append(.char(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF: state = .utf8(collected: [byte], needed: 2)
        case 0xE0...0xEF: state = .utf8(collected: [byte], needed: 3)
        case 0xF0...0xF4: state = .utf8(collected: [byte], needed: 4)
        default: keys.append(.unknown)  // stray continuation byte or invalid lead
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8]) -> Key {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let character = text.first, text.count == 1, character != "\u{FFFD}" else { return .unknown }
        return .char(character)
    }
}
