extension DisplayWidth {
    /// Breaks `text` into lines at most `width` cells wide: at spaces where possible,
    /// inside a word only when the word alone is wider than a line (CJK text has no
    /// spaces, so it breaks between characters). Line breaks in `text` are kept.
    ///
    /// ```swift
    /// DisplayWidth.wrap("a quiet hotel by the sea", toWidth: 10)  // ["a quiet", "hotel by", "the sea"]
    /// DisplayWidth.wrap("東京駅前ホテル", toWidth: 6)                // ["東京駅", "前ホテ", "ル"]
    /// ```
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let wordWidth = of(String(word))
                let gap = lineWidth == 0 ? 0 : 1
                if lineWidth + gap + wordWidth <= width {
                    line += (gap == 1 ? " " : "") + word
                    lineWidth += gap + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                // The word does not fit on an empty line either: break it by characters.
                for character in word {
                    let characterWidth = of(character)
                    if lineWidth + characterWidth > width, lineWidth > 0 {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            lines.append(line)
        }
        return lines
    }
}
