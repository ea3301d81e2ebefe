/// One `Error` or `Warning` of an OpenTravel response: its attributes and its text.
///
/// ```swift
/// let note = OTAMessageNote(type: "3", code: "404", shortText: "Invalid dates", text: "End must be after Start")
/// print(note)   // 404 Invalid dates: End must be after Start (type 3)
/// ```
public struct OTAMessageNote: Sendable, Hashable, CustomStringConvertible {
    /// `@Type`, an OTA EWT code (3 = business rule, 10 = required field missing, …).
    public var type: String?
    /// `@Code`, an OTA ERR code (for errors) or the warning's code.
    public var code: String?
    /// `@ShortText`.
    public var shortText: String?
    /// The element's text, trimmed; empty when it has none.
    public var text: String

    public init(type: String? = nil, code: String? = nil, shortText: String? = nil, text: String = "") {
        self.type = type
        self.code = code
        self.shortText = shortText
        self.text = text
    }

    /// One line: code, short text, text and type, whichever are present.
    public var description: String {
        var parts: [String] = []
        if let code { parts.append(code) }
        if let shortText, !shortText.isEmpty { parts.append(text.isEmpty ? shortText : "\(shortText):") }
        if !text.isEmpty { parts.append(text) }
        if parts.isEmpty { parts.append("no details") }
        if let type { parts.append("(type \(type))") }
        // Keep it one line: a multi-line Error text would break "one line on stderr".
        return parts.joined(separator: " ").split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
