/// How many terminal cells a piece of text occupies, counted the way terminals count.
///
/// Terminals lay text out per code point, not per grapheme cluster: a spacing mark such
/// as Thai SARA AM (U+0E33) or a Devanagari vowel sign takes a cell of its own although
/// it belongs to the letter before it, a combining mark takes none, an East Asian wide
/// character or an emoji two. A few emoji sequences (VS16, skin tones, ZWJ) are drawn
/// differently by different terminals; `rules` says which way (see `WidthRules`).
/// We deliberately do not call glibc `wcwidth`: it is locale dependent and often
/// outdated, and it knows nothing of emoji sequences.
///
/// ```swift
/// DisplayWidth.of("東京")        // 4
/// DisplayWidth.of("e\u{301}")   // 1
/// DisplayWidth.of("กำ")          // 2: SARA AM takes its own cell
/// DisplayWidth.of("👨‍👩‍👧‍👦")        // 2
/// ```
public enum DisplayWidth {
    /// The number of cells `text` occupies.
    public static func of(_ text: String, rules: WidthRules = DisplayWidth.rules) -> Int {
        // Printable ASCII, most cells of most tables, is one cell per byte.
        if let ascii = text.utf8.withContiguousStorageIfAvailable({ bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }), ascii {
            return text.utf8.count
        }
        if let width = simpleWidth(text) { return width }
        var total = 0
        forEachCell(in: text, rules: rules) { _, width in total += width }
        return total
    }

    /// The width of text made only of characters whose width never depends on a
    /// neighbour (printable ASCII, Latin-1 letters, Cyrillic and Arabic letters, the
    /// stars ★☆, kana, CJK ideographs, Hangul syllables): the plain sum per scalar, the
    /// common case for hotel names. Nil as soon as anything else appears.
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

    /// The number of cells one grapheme cluster occupies when drawn on its own: 0 for a
    /// lone combining mark, otherwise the sum of its terminal cells (`"กำ"` is 2,
    /// `"क्षा"` 3).
    public static func of(_ character: Character, rules: WidthRules = DisplayWidth.rules) -> Int {
        var total = 0
        forEachCell(in: character.unicodeScalars, rules: rules) { _, width in total += width }
        return total
    }

    /// Splits `text` into the cells a terminal fills with it, in order: each cell's text
    /// (a code point that takes space, with the zero-width code points and joined emoji
    /// that follow it) and its width, 1 or 2. Zero-width code points with nothing before
    /// them have no cell of their own and are dropped: a terminal would draw them onto
    /// whatever cell precedes the text.
    ///
    /// ```swift
    /// DisplayWidth.forEachCell(in: "กำ") { print($0, $1) }   // "ก" 1, then "ำ" 1
    /// ```
    public static func forEachCell(in text: String, rules: WidthRules = DisplayWidth.rules, _ body: (Substring, Int) -> Void) {
        forEachCell(in: text.unicodeScalars, rules: rules) { scalars, width in body(Substring(scalars), width) }
    }

    static func forEachCell<Scalars: BidirectionalCollection<Unicode.Scalar>>(
        in scalars: Scalars, rules: WidthRules, _ body: (Scalars.SubSequence, Int) -> Void
    ) {
        var start = scalars.startIndex
        var cellWidth = 0
        var base: Unicode.Scalar?
        var previous: Unicode.Scalar?
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let width = of(scalar)
            if let cellBase = base, joins(scalar, width: width, base: cellBase, previous: previous, rules: rules) {
                if widens(scalar, base: cellBase, previous: previous, width: cellWidth, rules: rules) { cellWidth = 2 }
            } else if width == 0 {
                // Nothing to attach to yet: skip it, and start the first cell after it.
                if base == nil { start = scalars.index(after: index) }
            } else {
                if base != nil { body(scalars[start..<index], cellWidth) }
                start = index
                base = scalar
                cellWidth = width
            }
            previous = scalar
            index = scalars.index(after: index)
        }
        if base != nil { body(scalars[start..<scalars.endIndex], cellWidth) }
    }

    /// True when `scalar` draws into the current cell instead of starting one.
    static func joins(_ scalar: Unicode.Scalar, width: Int, base: Unicode.Scalar, previous: Unicode.Scalar?, rules: WidthRules) -> Bool {
        if width == 0 { return true }
        if rules.zeroWidthJoinerJoins, previous?.value == 0x200D, isPictographic(scalar) { return true }
        if rules.modifierJoins, scalar.properties.isEmojiModifier, base.properties.isEmojiModifierBase { return true }
        return false
    }

    /// True when `scalar` is a VS16 asking for the emoji presentation of the one-cell base
    /// right before it (a selector applies to the code point it follows, nothing further).
    static func widens(_ scalar: Unicode.Scalar, base: Unicode.Scalar, previous: Unicode.Scalar?, width: Int, rules: WidthRules) -> Bool {
        scalar.value == 0xFE0F && rules.variationSelectorWidens && width == 1 && previous == base && base.properties.isEmoji
    }

    /// The cells a code point takes on its own: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }  // fast path for ASCII
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) { return 2 }
        // Regional indicators are Emoji_Presentation but one cell each: a flag is two.
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }
}
