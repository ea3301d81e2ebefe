import Testing

@testable import TerminalTable

@Suite struct DisplayWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("Z", 1), (" ", 1), ("é", 1), ("ß", 1), ("Ω", 1), ("Ж", 1),
            ("東", 2), ("京", 2), ("한", 2), ("글", 2), ("あ", 2), ("カ", 2), ("ｶ", 1),
            ("Ａ", 2), ("！", 2), ("　", 2), ("￥", 2), ("ㄅ", 2), ("𠀋", 2),
            ("😀", 2), ("🏨", 2), ("⌚", 2), ("★", 1), ("☺", 1), ("™", 1), ("…", 1), ("▀", 1), ("│", 1),
        ] as [(Character, Int)])
    func singleCharacters(character: Character, width: Int) {
        #expect(DisplayWidth.of(character) == width)
    }

    @Test func asciiStringWidth() {
        #expect(DisplayWidth.of("Hotel Adlon") == 11)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func cjkStrings() {
        #expect(DisplayWidth.of("東京ホテル") == 10)
        #expect(DisplayWidth.of("北京饭店") == 8)
        #expect(DisplayWidth.of("Tokyo 東京") == 10)
    }

    @Test func koreanSyllablesAndJamo() {
        #expect(DisplayWidth.of("서울호텔") == 8)
        // Conjoining jamo (ᄒ + ᅡ + ᆫ) form one syllable cluster two cells wide.
        let jamo = "\u{1112}\u{1161}\u{11AB}"
        #expect(jamo.count == 1)
        #expect(DisplayWidth.of(jamo) == 2)
    }

    @Test func combiningMarksTakeNoSpace() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4)
        #expect(DisplayWidth.of("a\u{300}\u{301}\u{302}") == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of("\u{20DD}") == 0)  // enclosing mark
    }

    @Test func zeroWidthFormatCharacters() {
        #expect(DisplayWidth.of("\u{200B}") == 0)  // zero width space
        #expect(DisplayWidth.of("\u{200D}") == 0)  // ZWJ alone
        #expect(DisplayWidth.of("\u{FEFF}") == 0)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("\u{AD}") == 1)  // soft hyphen is visible in terminals
    }

    @Test func emojiSequences() {
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2)  // ZWJ family
        #expect(DisplayWidth.of("🏳️‍🌈") == 2)  // flag + VS16 + ZWJ
        #expect(DisplayWidth.of("🇩🇪") == 2)  // regional indicator pair
        #expect(DisplayWidth.of("🇯🇵🇺🇸") == 4)
        #expect(DisplayWidth.of("1️⃣") == 2)  // keycap
        #expect(DisplayWidth.of("#️⃣") == 2)
        #expect(DisplayWidth.of("❤️") == 2)  // text default + VS16
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("☺\u{FE0E}") == 1)  // VS15 keeps text presentation
        #expect(DisplayWidth.of("👍🏽") == 2)  // skin tone modifier
    }

    @Test func controlCharactersHaveNoWidth() {
        #expect(DisplayWidth.of(Character("\u{1B}")) == 0)
        #expect(DisplayWidth.of(Character("\u{7}")) == 0)
    }

    @Test func mixedString() {
        #expect(DisplayWidth.of("Hôtel 東京 🏨 e\u{301}") == 1 + 1 + 3 + 1 + 4 + 1 + 2 + 1 + 1)
    }
}

@Suite struct TruncateAndPadTests {
    @Test func shortTextIsUnchanged() {
        #expect(DisplayWidth.truncate("abc", toWidth: 5) == "abc")
        #expect(DisplayWidth.truncate("abc", toWidth: 3) == "abc")
    }

    @Test func truncatesWithEllipsis() {
        #expect(DisplayWidth.truncate("Grand Hotel", toWidth: 8) == "Grand H…")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 4, ellipsis: "...") == "a...")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 3, ellipsis: "") == "abc")
    }

    @Test func wideCharacterAtEdgeBecomesSpace() {
        // "東京" (4) + "…" would be 5; 東 + space + … keeps exactly 4.
        let result = DisplayWidth.truncate("東京タワー", toWidth: 4)
        #expect(result == "東 …")
        #expect(DisplayWidth.of(result) == 4)
        #expect(DisplayWidth.truncate("東京", toWidth: 3, ellipsis: "") == "東 ")
        #expect(DisplayWidth.truncate("東京", toWidth: 1, ellipsis: "") == " ")
    }

    @Test func neverSplitsClusters() {
        let text = "e\u{301}e\u{301}e\u{301}"
        let result = DisplayWidth.truncate(text, toWidth: 2, ellipsis: "")
        #expect(result == "e\u{301}e\u{301}")
        let family = "👨‍👩‍👧‍👦👨‍👩‍👧‍👦"
        #expect(DisplayWidth.truncate(family, toWidth: 3, ellipsis: "") == "👨‍👩‍👧‍👦 ")
    }

    @Test func ellipsisWiderThanSpace() {
        #expect(DisplayWidth.truncate("abcdef", toWidth: 2, ellipsis: "...") == "..")
        #expect(DisplayWidth.truncate("abc", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("abc", toWidth: -3) == "")
    }

    @Test(arguments: 0...12)
    func truncateNeverOverflows(width: Int) {
        for text in ["東京ホテル", "a東b京c", "👨‍👩‍👧‍👦x🇩🇪y", "Cafe\u{301} 東", "plain ascii text"] {
            let result = DisplayWidth.truncate(text, toWidth: width)
            #expect(DisplayWidth.of(result) <= width)
            if DisplayWidth.of(text) > width {
                #expect(DisplayWidth.of(result) == width)
            }
            #expect(DisplayWidth.of(DisplayWidth.pad(text, toWidth: width)) == width)
            #expect(DisplayWidth.of(DisplayWidth.fit(text, toWidth: width, alignment: .right)) == width)
        }
    }

    @Test func padAlignments() {
        #expect(DisplayWidth.pad("ab", toWidth: 5) == "ab   ")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .right) == "   ab")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(DisplayWidth.pad("東", toWidth: 4, alignment: .center) == " 東 ")
        #expect(DisplayWidth.pad("abcdef", toWidth: 3) == "abc")
        #expect(DisplayWidth.pad("x", toWidth: 0) == "")
    }

    @Test func fitTruncatesThenPads() {
        #expect(DisplayWidth.fit("Hotel Sacher Wien", toWidth: 10) == "Hotel Sac…")
        #expect(DisplayWidth.fit("42", toWidth: 5, alignment: .right) == "   42")
    }
}

/// The per-scalar shortcut must agree with the grapheme-by-grapheme width wherever it
/// answers: random text from its scripts, alone and mixed with marks, joiners and emoji.
@Suite("DisplayWidth shortcut")
struct DisplayWidthShortcutTests {
    /// Summed per grapheme cluster equals measured in one go only once stray ZWJs are gone
    /// (`a` ZWJ `🏨` joins in a terminal but is two clusters), which the sanitizer sees to.
    @Test("simpleWidth equals the width summed per grapheme on 20,000 random sanitized strings")
    func agreesWithGraphemes() {
        let simple: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xC0...0x24F, 0x410...0x44F, 0x621...0x63A, 0x641...0x64A, 0x2605...0x2606, 0x3041...0x3096, 0x30A1...0x30FA,
            0x4E00...0x9FFF, 0xAC00...0xD7A3,
        ]
        let others: [UInt32] = [0x301, 0x64B, 0x200D, 0xFE0F, 0x1F3E8, 0x11A8, 0x3099, 0x0E33, 0x93F, 0x0A, 0x1F1F0, 0x1F1F7]
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var answered = 0
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(next() % 12) {
                if next() % 10 == 0 {
                    scalars.append(Unicode.Scalar(others[next() % others.count])!)
                } else {
                    let range = simple[next() % simple.count]
                    scalars.append(Unicode.Scalar(range.lowerBound + UInt32(next() % Int(range.upperBound - range.lowerBound + 1)))!)
                }
            }
            let text = Sanitizer.standard.sanitize(String(scalars))
            let slow = text.reduce(0) { $0 + DisplayWidth.of($1) }
            if let fast = DisplayWidth.simpleWidth(text) {
                answered += 1
                #expect(fast == slow, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            #expect(DisplayWidth.of(text) == slow, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(answered > 5_000, "the shortcut should answer most strings here")
    }
}

@Suite("DisplayWidth.appendFitted")
struct AppendFittedTests {
    @Test("appends exactly what fit returns, for every alignment, width and kind of text")
    func sameAsFit() {
        let texts = [
            "", "a", "Hotel Sacher Wien", "東京タワー", "e\u{301}cole", "👨‍👩‍👧‍👦 family", String(repeating: "x", count: 150), "★★★", "한강 리버뷰 호텔",
        ]
        for text in texts {
            for width in [0, 1, 2, 3, 5, 10, 40, 70, 130] {
                for alignment in [TextAlignment.left, .right, .center] {
                    var line = "|"
                    DisplayWidth.appendFitted(text, toWidth: width, alignment: alignment, to: &line)
                    #expect(line == "|" + DisplayWidth.fit(text, toWidth: width, alignment: alignment), "\(text) \(width) \(alignment)")
                }
            }
        }
    }
}
