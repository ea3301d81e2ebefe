import NIOCore

/// PostgreSQL's COPY text format: tab-separated, `\N` for NULL, backslash escapes for
/// backslash, tab, newline and carriage return.
enum CopyText {
    /// One line of COPY text: `fields` tab-separated, `\N` for nil.
    static func appendLine(_ fields: [String?], to out: inout String) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append("\t") }
            if let field { append(field, to: &out) } else { out.append("\\N") }
        }
        out.append("\n")
    }

    static func append(_ field: String, to out: inout String) {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 || $0 == 13 }) else {
            out.append(field)
            return
        }
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out.append("\\\\")
            case "\t": out.append("\\t")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
