extension String {
    /// `soap:Client` → `Client`: the prefix is the sender's choice, the local part the meaning.
    package var localPartOfQName: String {
        let trimmed = trimmingXMLSpace
        guard let colon = trimmed.lastIndex(of: ":") else { return trimmed }
        return String(trimmed[trimmed.index(after: colon)...])
    }

    /// Strips XML whitespace (space, tab, CR, LF) at both ends, as schema types with
    /// `whiteSpace="collapse"` (numbers, dates, enums, QNames) do.
    package var trimmingXMLSpace: String {
        let xmlSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !xmlSpace($0) }), let last = lastIndex(where: { !xmlSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
