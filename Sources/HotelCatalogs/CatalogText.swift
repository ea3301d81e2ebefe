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

    private static let asciiMap: [Unicode.Scalar: Character] = [
        "Ł": "L", "Ø": "O", "Æ": "A", "Œ": "O", "ẞ": "S", "Þ": "T", "Ð": "D", "Đ": "D",
    ]
}
