/// How many terminal cells a piece of text occupies.
///
/// Width is decided per extended grapheme cluster (Swift `Character`), which is how
/// terminals advance the cursor. We deliberately do not call glibc `wcwidth`: it is
/// locale dependent, works per code point (so it breaks emoji ZWJ sequences and flags)
/// and is often outdated.
///
/// ```swift
/// DisplayWidth.of("東京")        // 4
/// DisplayWidth.of("e\u{301}")   // 1
/// DisplayWidth.of("👨‍👩‍👧‍👦")        // 2
/// ```
public enum DisplayWidth {
    /// The number of cells `text` occupies.
    public static func of(_ text: String) -> Int {
        // Printable ASCII, most cells of most tables, is one cell per byte.
        if let ascii = text.utf8.withContiguousStorageIfAvailable({ bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }), ascii {
            return text.utf8.count
        }
        if let width = simpleWidth(text) { return width }
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    /// The width of text made only of characters that never combine with a neighbour and
    /// whose width is fixed (printable ASCII, Latin-1 letters, Cyrillic and Arabic letters,
    /// the stars ★☆, kana, CJK ideographs, Hangul syllables): then every scalar is its own grapheme
    /// cluster and the sum per scalar is exact, without breaking the text into clusters
    /// and looking up Unicode properties (most of a table's time for hotel names). Nil as
    /// soon as anything else appears.
    static func simpleWidth(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E, 0xC0...0x24F, 0x410...0x44F, 0x621...0x63A, 0x641...0x64A, 0x2605...0x2606: total += 1
            case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: total += 2
            default: return nil
            }
        }
        return total
    }

    /// The number of cells one grapheme cluster occupies: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var widthFromBase: Int?
        for scalar in scalars {
            // VS16 asks for emoji presentation, which terminals draw two cells wide
            // ("❤️", "#️⃣", "🏳️‍🌈"); VS15 asks for text presentation.
            if scalar.value == 0xFE0F { return 2 }
            if scalar.value == 0xFE0E { return widthFromBase ?? 1 }
            if widthFromBase == nil {
                let width = of(scalar)
                // The first scalar that takes space decides; the rest of the cluster
                // (combining marks, skin tones, ZWJ pieces) draws on top of it.
                if width > 0 { widthFromBase = width }
            }
        }
        return widthFromBase ?? 0
    }

    /// The width of a single code point when it starts a cluster.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }  // fast path for ASCII
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }
}
