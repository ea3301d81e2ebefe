import Foundation

/// How text is folded for matching: the seeder stores folded keys (`city_key`, `name_key`)
/// and the query side folds its input the same way.
package enum CatalogText {
    /// Lowercased, without diacritics, full-width forms made narrow, runs of white space
    /// made one space, trimmed, NFC. `"  Zürich "` → `"zurich"`.
    package static func fold(_ text: String) -> String {
        // Foundation's folding goes through ICU, 2 % of a city search; for ASCII, which
        // most queries are, it only lowercases (`CatalogTextTests` checks the two agree).
        foldASCII(text) ?? foldUnicode(text)
    }

    static func foldUnicode(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out).precomposedStringWithCanonicalMapping
    }

    /// `fold` for text that is all ASCII; nil otherwise.
    static func foldASCII(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ASCII letters and digits for a logo: diacritics dropped, a few letters that have no
    /// decomposition mapped by hand (`Ł` → `L`, `Þ` → `T`, `Đ` → `D`…), the rest skipped.
    package static func asciiInitial(_ word: Substring) -> Character? {
        for ch in word {
            if let ascii = ch.asciiValue {
                if ch.isLetter || ch.isNumber { return Character(Unicode.Scalar(ascii).properties.uppercaseMapping) }
                continue
            }
            // Only Latin letters (and full-width forms) fold to ASCII; folding Hangul, kana,
            // Arabic or Thai through Foundation found nothing, a character at a time, and
            // was 8 % of an import of the seeder's names.
            guard Self.mayFoldToASCII(ch) else { continue }
            let base = String(ch).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).uppercased()
            for scalar in base.unicodeScalars {
                if let mapped = asciiMap[scalar] { return mapped }
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    return Character(scalar)
                }
            }
        }
        return nil
    }

    /// Whether `ch` starts in a block whose letters fold to ASCII: Latin-1, Latin Extended
    /// A to E and Additional, letterlike symbols (K, Å), Latin ligatures, the full-width
    /// forms; or it is an ASCII base with marks. `CatalogTextInitialTests` folds every other
    /// character of planes 0 and 1 to check that none gives an ASCII letter or digit.
    static func mayFoldToASCII(_ ch: Character) -> Bool {
        guard let first = ch.unicodeScalars.first?.value else { return false }
        switch first {
        case 0...0x24F, 0x1E00...0x1EFF, 0x2100...0x214F, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB4F,
            0xFF00...0xFFEF:
            return true
        default: return false
        }
    }

    private static let asciiMap: [Unicode.Scalar: Character] = [
        "Ł": "L", "Ø": "O", "Æ": "A", "Œ": "O", "ẞ": "S", "Þ": "T", "Ð": "D", "Đ": "D",
    ]
}
