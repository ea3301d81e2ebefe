/// Separates a terminal's replies to `TerminalProbe` from keys typed meanwhile, byte by
/// byte: replies may arrive split at any byte, interleaved with keystrokes, so this is a
/// state machine like `KeyDecoder`, and like it touches neither the terminal nor time.
///
/// Recognised and swallowed: XTVERSION (`DCS > | text ST`), DA1 (`CSI ? … c`), kitty
/// graphics replies (`APC G … ST`), and the size reports `CSI 6/4/8 ; a ; b t`. Every
/// other byte comes back from `feed` in order, to be handed to the key decoder. A
/// sequence that only might be a reply is held back until it is decided; `finish()`
/// gives back what is still held when the caller stops reading.
///
/// ```swift
/// var parser = ProbeReplyParser()
/// terminal.write(TerminalProbe.query(environment: environment))
/// while !parser.isComplete, let chunk = read(before: deadline) {
///     typedAhead += parser.feed(chunk)
/// }
/// typedAhead += parser.finish()
/// let choice = GraphicsChoice.decide(environment: environment, replies: parser.replies)
/// ```
public struct ProbeReplyParser: Sendable, Equatable {
    /// Which string a held `ESC P` / `ESC _` may be, and what its body must start with to
    /// be a reply rather than Alt+P or Alt+_ followed by typing.
    enum StringKind: Sendable, Equatable {
        /// `ESC P > |`: XTVERSION.
        case terminalVersion
        /// `ESC _ G`: kitty graphics.
        case kittyGraphics

        var introducer: UInt8 { self == .terminalVersion ? UInt8(ascii: "P") : UInt8(ascii: "_") }
        var prefix: [UInt8] { self == .terminalVersion ? Array(">|".utf8) : Array("G".utf8) }
    }

    enum State: Sendable, Equatable {
        case ground
        /// Saw ESC.
        case escape
        /// Inside `ESC [`: the bytes after it.
        case csi([UInt8])
        /// Inside `ESC P` or `ESC _`: the body so far, and whether an ESC (the first half
        /// of the terminator) just came.
        case string(StringKind, body: [UInt8], escape: Bool)
    }

    /// Longest CSI reply accepted (DA1 lists a dozen attributes at most).
    static let maximumCSILength = 64
    /// Longest string reply accepted; a longer one is dropped.
    static let maximumStringLength = 512

    public internal(set) var replies = ProbeReplies()
    var state = State.ground

    public init() {}

    /// The DA1 reply has come. Every terminal answers DA1 and answers in order, so the
    /// replies to the queries sent before it are in too, except inside tmux, where the
    /// kitty query's reply comes from the outer terminal and may follow tmux's own DA1.
    public var isComplete: Bool { replies.deviceAttributes != nil }

    /// Bytes are held back waiting for the rest of a possible reply.
    public var hasPendingInput: Bool { state != .ground }

    /// Takes `bytes` in and returns those that are not part of a reply (typed keys).
    public mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        var other: [UInt8] = []
        for byte in bytes { consume(byte, into: &other) }
        return other
    }

    /// Ends reading: returns the bytes still held back, except those of a reply whose
    /// start was unmistakable (`ESC P > |`, `ESC _ G`), which are dropped.
    public mutating func finish() -> [UInt8] {
        defer { state = .ground }
        switch state {
        case .ground: return []
        case .escape: return [0x1B]
        case .csi(let collected): return [0x1B, UInt8(ascii: "[")] + collected
        case .string(let kind, let body, _):
            return body.count >= kind.prefix.count ? [] : [0x1B, kind.introducer] + body
        }
    }

    /// `bytes` without anything shaped like a probe reply: for replies that come after
    /// the probe gave up waiting, e.g. over a slow ssh link.
    ///
    /// ```swift
    /// ProbeReplyParser.strippingReplies(from: Array("j\u{1B}P>|tmux 3.4\u{1B}\\k".utf8))   // "jk"
    /// ```
    public static func strippingReplies(from bytes: [UInt8]) -> [UInt8] {
        var parser = ProbeReplyParser()
        return parser.feed(bytes) + parser.finish()
    }

    private mutating func consume(_ byte: UInt8, into other: inout [UInt8]) {
        switch state {
        case .ground:
            if byte == 0x1B { state = .escape } else { other.append(byte) }

        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .csi([])
            case UInt8(ascii: "P"): state = .string(.terminalVersion, body: [], escape: false)
            case UInt8(ascii: "_"): state = .string(.kittyGraphics, body: [], escape: false)
            default:
                other.append(0x1B)
                state = .ground
                consume(byte, into: &other)
            }

        case .csi(var collected):
            switch byte {
            case 0x20...0x3F:
                collected.append(byte)
                if collected.count > Self.maximumCSILength || !Self.mayBeReply(csi: collected) {
                    other += [0x1B, UInt8(ascii: "[")] + collected
                    state = .ground
                } else {
                    state = .csi(collected)
                }
            case 0x40...0x7E:
                state = .ground
                if !record(csi: collected, final: byte) { other += [0x1B, UInt8(ascii: "[")] + collected + [byte] }
            default:
                other += [0x1B, UInt8(ascii: "[")] + collected
                state = .ground
                consume(byte, into: &other)
            }

        case .string(let kind, var body, let escape):
            if escape {
                state = .ground
                if byte == UInt8(ascii: "\\") {
                    record(string: kind, body: body)
                } else {
                    // The reply lost its terminator; the ESC starts something new.
                    state = .escape
                    consume(byte, into: &other)
                }
            } else if body.count < kind.prefix.count {
                if byte == kind.prefix[body.count] {
                    body.append(byte)
                    state = .string(kind, body: body, escape: false)
                } else {
                    // Alt+P or Alt+_ and whatever followed: keys, given back as they came.
                    other += [0x1B, kind.introducer] + body
                    state = .ground
                    consume(byte, into: &other)
                }
            } else {
                switch byte {
                case 0x1B:
                    state = .string(kind, body: body, escape: true)
                case 0x07:
                    // BEL ends a string too, for the terminals that answer that way.
                    state = .ground
                    record(string: kind, body: body)
                case 0x00...0x1F:
                    // A control character cannot be inside a reply: drop the broken
                    // reply, keep the key.
                    state = .ground
                    consume(byte, into: &other)
                default:
                    body.append(byte)
                    state = body.count > Self.maximumStringLength ? .ground : .string(kind, body: body, escape: false)
                }
            }
        }
    }
}
