extension MonogramLogo {
    /// Picks initials from a hotel name: the first letter of each of the first two
    /// words, skipping words such as "Hotel" and "The" that would make every logo
    /// look alike. Returns "" when the name has no Latin letters or digits, which
    /// makes the logo fall back to its pattern.
    ///
    /// ```swift
    /// MonogramLogo.initials(from: "The Hotel Adlon Kempinski")   // "AK"
    /// MonogramLogo.initials(from: "Hôtel Élysée")                // "E"
    /// MonogramLogo.initials(from: "東京ホテル")                     // ""
    /// ```
    public static func initials(from name: String) -> String {
        let words = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let meaningful = words.filter { !fillerWords.contains(foldedWord($0)) }
        // A name made only of filler ("The Hotel") still deserves its own letters.
        let chosen = meaningful.isEmpty ? words : meaningful
        var result = ""
        for word in chosen where result.count < 2 {
            if let letter = word.lazy.compactMap(latinBase(of:)).first {
                result.append(letter)
            }
        }
        return result
    }

    private static let fillerWords: Set<String> = [
        "THE", "HOTEL", "HOTELS", "AND", "OF", "A", "AN",
        "DE", "DU", "DES", "LA", "LE", "LES", "EL", "LOS", "LAS", "AL", "DI", "DEL",
        "DER", "DIE", "DAS", "UND", "Y", "ET", "E",
    ]

    private static func foldedWord(_ word: String) -> String {
        String(word.compactMap(latinBase(of:)))
    }

    static func normalizedInitials(_ text: String) -> String {
        String(text.lazy.compactMap(latinBase(of:)).prefix(2))
    }

    /// The plain A-Z or 0-9 a character is written with, if any: "é" and "É" give "E".
    static func latinBase(of character: Character) -> Character? {
        // The first scalar is the base letter when an accent is combined separately.
        guard let scalar = character.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A:
            return Character(scalar)
        case 0x61...0x7A:
            return Character(Unicode.Scalar(scalar.value - 0x20)!)
        default:
            break
        }
        // Precomposed letters name their base: "LATIN SMALL LETTER E WITH ACUTE".
        // This avoids a Foundation dependency for diacritic folding.
        guard let name = scalar.properties.name else { return nil }
        for prefix in ["LATIN CAPITAL LETTER ", "LATIN SMALL LETTER "] where name.hasPrefix(prefix) {
            let base = name.dropFirst(prefix.count).prefix { $0 != " " }
            if base.count == 1, let letter = base.first, letter.isASCII, letter.isLetter {
                return letter
            }
        }
        return nil
    }
}
