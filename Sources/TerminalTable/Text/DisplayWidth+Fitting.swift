// Cutting and padding text to an exact number of cells. Layout code relies on the
// guarantee that the result never exceeds the requested width, otherwise a single
// wide character would push every later column one cell to the right.
extension DisplayWidth {
    /// Shortens `text` so it occupies at most `width` cells, ending with `ellipsis`
    /// when something was cut. A wide character that would straddle the edge is
    /// replaced by a space, so a cut result is exactly `width` cells.
    ///
    /// ```swift
    /// DisplayWidth.truncate("Grand Hotel", toWidth: 8)  // "Grand H…"
    /// DisplayWidth.truncate("東京タワー", toWidth: 6)      // "東京 …"
    /// ```
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        // An ellipsis wider than the space is itself cut, without a second ellipsis.
        guard ellipsisWidth <= width else { return truncate(ellipsis, toWidth: width, ellipsis: "") }
        let (head, used) = prefix(of: text, width: width - ellipsisWidth)
        let filler = String(repeating: " ", count: width - ellipsisWidth - used)
        return head + filler + ellipsis
    }

    /// Makes `text` exactly `width` cells wide: shorter text is padded with spaces
    /// according to `alignment`, longer text is cut (without an ellipsis).
    ///
    /// ```swift
    /// DisplayWidth.pad("ab", toWidth: 4, alignment: .center) // " ab "
    /// ```
    public static func pad(_ text: String, toWidth width: Int, alignment: TextAlignment = .left) -> String {
        guard width > 0 else { return "" }
        let textWidth = of(text)
        let fitted = textWidth <= width ? text : truncate(text, toWidth: width, ellipsis: "")
        let missing = width - (textWidth <= width ? textWidth : of(fitted))
        guard missing > 0 else { return fitted }
        let left: Int
        switch alignment {
        case .left: left = 0
        case .right: left = missing
        case .center: left = missing / 2
        }
        return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: missing - left)
    }

    /// Truncates with an ellipsis, then pads: the usual way to fill a table cell.
    ///
    /// ```swift
    /// DisplayWidth.fit("Hotel Sacher Wien", toWidth: 10) // "Hotel Sac…"
    /// ```
    public static func fit(_ text: String, toWidth width: Int, alignment: TextAlignment = .left, ellipsis: String = "…") -> String {
        pad(truncate(text, toWidth: width, ellipsis: ellipsis), toWidth: width, alignment: alignment)
    }

    /// Appends `fit(text, toWidth: width, …)` to `line`, measuring `text` once and
    /// padding in place: a table of 100,000 rows fits 700,000 cells.
    ///
    /// ```swift
    /// var line = ""
    /// DisplayWidth.appendFitted("東京", toWidth: 6, alignment: .right, to: &line)   // "  東京"
    /// ```
    public static func appendFitted(
        _ text: String, toWidth width: Int, alignment: TextAlignment = .left, ellipsis: String = "…", to line: inout String
    ) {
        guard width > 0 else { return }
        let textWidth = of(text)
        guard textWidth <= width else {
            line += fit(text, toWidth: width, alignment: alignment, ellipsis: ellipsis)
            return
        }
        let missing = width - textWidth
        let left: Int
        switch alignment {
        case .left: left = 0
        case .right: left = missing
        case .center: left = missing / 2
        }
        appendSpaces(left, to: &line)
        line += text
        appendSpaces(missing - left, to: &line)
    }

    /// Runs of 0…64 spaces, made once.
    private static let spaceRuns = (0...64).map { String(repeating: " ", count: $0) }

    private static func appendSpaces(_ count: Int, to line: inout String) {
        var count = count
        while count > 0 {
            let run = min(count, 64)
            line += spaceRuns[run]
            count -= run
        }
    }

    /// The longest run of whole clusters from the start of `text` that fits in `width`.
    private static func prefix(of text: String, width: Int) -> (String, Int) {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let characterWidth = of(text[index])
            if used + characterWidth > width { break }
            used += characterWidth
            end = text.index(after: index)
        }
        return (String(text[..<end]), used)
    }
}
