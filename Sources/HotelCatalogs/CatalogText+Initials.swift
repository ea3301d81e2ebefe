/// A hotel's monogram initials, as the seeder and every import derive them.
extension CatalogText {
    private static let initialStopWords: Set<String> = [
        "the", "de", "du", "des", "la", "le", "les", "del", "della", "dei", "di", "da", "do", "dos", "das", "e", "y", "et",
        "u", "zur", "zum", "am", "von", "van", "het", "of", "and", "&",
    ]

    /// First ASCII letters of the first two significant words: "Hôtel de la Paix" → "HP",
    /// "Złota Kaczka" → "ZK", "Hotel" → "H".
    package static func initials(of name: String) -> String {
        asciiInitials(of: name) ?? unicodeInitials(of: name)
    }

    /// ``initials(of:)`` for any text.
    static func unicodeInitials(of name: String) -> String {
        var letters: [Character] = []
        for rawWord in name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "«" || $0 == "»" }) {
            var word = rawWord
            for prefix in ["l'", "d'", "L'", "D'"] where word.hasPrefix(prefix) { word = word.dropFirst(2) }
            if initialStopWords.contains(word.lowercased()) { continue }
            if let letter = asciiInitial(word) { letters.append(letter) }
            if letters.count == 2 { break }
        }
        return String(letters)
    }

    /// ``initials(of:)`` for a name that is all ASCII, over its bytes; nil for any other.
    /// The same rule step by step (`SeederTests` checks the two agree): half of what
    /// `hotels import` spent on a row besides SQLite went to the general one's `split`,
    /// `lowercased` and `Character`s.
    static func asciiInitials(of name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let space = UInt8(ascii: " ")
            let dash = UInt8(ascii: "-")
            var letters: [UInt8] = []
            var index = 0
            while index < bytes.count && letters.count < 2 {
                guard bytes[index] != space && bytes[index] != dash else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count && bytes[index] != space && bytes[index] != dash { index += 1 }
                if let letter = asciiInitial(bytes[start..<index]) { letters.append(letter) }
            }
            return String(decoding: letters, as: UTF8.self)
        }
    }

    /// One word's initial as ``initials(of:)`` takes it: nil for a stop word or a word with
    /// no letter or digit.
    private static func asciiInitial(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
        var word = word
        for prefix in ["l'", "d'", "L'", "D'"] where word.starts(with: prefix.utf8) { word = word.dropFirst(2) }
        if word.count <= 5 && initialStopWords.contains(String(decoding: word, as: UTF8.self).lowercased()) { return nil }
        for byte in word {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 32
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return byte
            default: continue
            }
        }
        return nil
    }
}
