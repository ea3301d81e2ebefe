/// Makes untrusted text (e.g. from a server) safe to draw in a terminal.
///
/// Control characters, ESC and bidirectional overrides are replaced by a visible
/// character, so a value such as `"\u{1B}[2J"` can never clear the screen and an
/// RTL override can never make later columns render backwards. A ZWJ between anything
/// but two pictographs is dropped, so every terminal gives the text the same width.
///
/// ```swift
/// Sanitizer.standard.sanitize("Evil\u{1B}[31mRed") // "Evil�[31mRed"
/// Sanitizer(replacement: "·").sanitize("a\tb")       // "a·b"
/// ```
public struct Sanitizer: Sendable, Equatable {
    /// What a dangerous code point is replaced with.
    public var replacement: Unicode.Scalar

    public init(replacement: Unicode.Scalar = "\u{FFFD}") {
        self.replacement = replacement
    }

    /// The sanitizer used by `TableView` and `TextPanel`.
    public static let standard = Sanitizer()

    /// Returns `text` with every dangerous code point replaced.
    public func sanitize(_ text: String) -> String {
        // Fast paths: most text is clean and does not need a copy. Every dangerous scalar
        // is a byte below 0x20 or 0x7F, or starts with C2, D8, E2 or F4 in UTF-8; text
        // without those bytes (ASCII, Latin-1 letters, CJK, Hangul…) is clean as it is.
        if let clean = text.utf8.withContiguousStorageIfAvailable({ bytes in
            !bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 || $0 == 0xF4 }
        }), clean {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        guard scalars.indices.contains(where: { Sanitizer.isDangerous(scalars[$0]) || Sanitizer.isStrayJoiner(at: $0, in: scalars) })
        else { return text }
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if Sanitizer.isStrayJoiner(at: index, in: scalars) { continue }
            result.append(Sanitizer.isDangerous(scalar) ? replacement : scalar)
        }
        return String(result)
    }

    /// A ZWJ that does not join two pictographs (`a\u{200D}b`, `👍\u{200D}中`). Terminals
    /// disagree on what follows one (tmux 3.3 draws `中` into the thumb's cell, kitty
    /// beside it), so the width of text holding one cannot be known; dropped, the text
    /// reads the same and has one width everywhere.
    static func isStrayJoiner(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard scalars[index].value == 0x200D else { return false }
        guard index + 1 < scalars.count, DisplayWidth.isPictographic(scalars[index + 1]) else { return true }
        // Skin tones and variation selectors may stand between the pictograph and the ZWJ.
        var before = index - 1
        while before >= 0, scalars[before].properties.isEmojiModifier || (0xFE00...0xFE0F).contains(scalars[before].value) {
            before -= 1
        }
        return before < 0 || !DisplayWidth.isPictographic(scalars[before])
    }

    /// True for code points that could move the cursor, start an escape sequence,
    /// reorder the text around them or show a picture.
    public static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F:  // C0 (incl. TAB/CR/LF/ESC), DEL, C1 (incl. CSI 0x9B)
            return true
        case 0x200E, 0x200F, 0x061C:  // LRM, RLM, ALM
            return true
        case 0x202A...0x202E:  // embeddings and overrides
            return true
        case 0x2066...0x2069:  // isolates
            return true
        case 0x2028, 0x2029:  // line / paragraph separator break lines in some terminals
            return true
        case 0x10EEEE:  // kitty image placeholder: would draw one of our images
            return true
        default:
            return false
        }
    }
}
