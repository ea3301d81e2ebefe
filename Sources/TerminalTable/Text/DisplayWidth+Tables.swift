// Range tables behind `DisplayWidth`. Kept apart so the rules stay readable.
extension DisplayWidth {
    /// True for code points that draw nothing on their own: combining marks,
    /// format characters (ZWJ, bidi marks, ...), variation selectors and controls.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // SOFT HYPHEN is a format character, but terminals draw it as a visible hyphen.
        if value == 0x00AD { return false }
        // Hangul medial vowels and final consonants only ever extend a syllable.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return true
        default:
            return false
        }
    }

    /// Extended_Pictographic, which the standard library does not expose: the emoji that
    /// ZWJ sequences are made of (not the keycap bases 0-9 # *, not regional indicators),
    /// and the blocks Unicode reserves for future pictographs.
    static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xA9 || (0x1F1E6...0x1F1FF).contains(value) { return false }
        if (0x1F000...0x1FAFF).contains(value) || (0x1FC00...0x1FFFD).contains(value) { return true }
        return scalar.properties.isEmoji
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges from Unicode's EastAsianWidth.txt,
    /// restricted to scripts and symbols. Emoji are decided by the Emoji_Presentation
    /// property instead, which the standard library keeps current for us.
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        // Binary search over sorted, non-overlapping ranges.
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x231A...0x231B,  // watch, hourglass
        0x2329...0x232A,  // angle brackets
        0x2E80...0x2E99,  // CJK radicals supplement
        0x2E9B...0x2EF3,
        0x2F00...0x2FD5,  // Kangxi radicals
        0x2FF0...0x2FFF,  // ideographic description characters
        0x3000...0x303E,  // ideographic space, CJK symbols and punctuation
        0x3041...0x3096,  // Hiragana
        0x3099...0x30FF,  // kana marks, Katakana
        0x3105...0x312F,  // Bopomofo
        0x3131...0x318E,  // Hangul compatibility Jamo
        0x3190...0x31E5,  // Kanbun, Bopomofo extended, CJK strokes
        0x31EF...0x321E,  // Katakana phonetic extensions, enclosed CJK
        0x3220...0x3247,
        0x3250...0xA48C,  // enclosed CJK, CJK compatibility, Ext A, Yijing, URO, Yi
        0xA490...0xA4C6,  // Yi radicals
        0xA960...0xA97C,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE52,  // CJK compatibility forms, small forms
        0xFE54...0xFE66,
        0xFE68...0xFE6B,
        0xFF01...0xFF60,  // fullwidth ASCII variants
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x16FF0...0x16FF1,
        0x17000...0x187F7,  // Tangut
        0x18800...0x18CD5,
        0x18D00...0x18D08,
        0x1AFF0...0x1B2FB,  // Kana extended / supplement, Nushu
        0x1F004...0x1F004,  // mahjong tile
        0x1F0CF...0x1F0CF,  // playing card
        0x1F18E...0x1F18E,
        0x1F191...0x1F19A,  // squared latin words
        0x1F200...0x1F202,  // enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x20000...0x2FFFD,  // CJK extensions B-F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G-H
    ]
}
