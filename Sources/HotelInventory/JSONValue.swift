/// A JSON value as an import reads it: numbers keep their text, so a price or a coordinate
/// is parsed once, by the column's own rules, and never through a float first.
///
/// ```swift
/// JSONValue.number("129.50").text     // "129.50"
/// JSONValue.null.text                 // ""
/// ```
enum JSONValue: Equatable {
    case string(String)
    /// The number as written, e.g. `-0.5e3`.
    case number(String)
    case bool(Bool)
    case null
    indirect case array([JSONValue])
    indirect case object([(key: String, value: JSONValue)])

    /// The value as a field's text: a string's content, a number as written, `true`/`false`,
    /// and null as empty (a cleared optional column); nil for an array or an object.
    var text: String? {
        switch self {
        case .string(let text), .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .null: return ""
        case .array, .object: return nil
        }
    }

    /// What the value is, for a message: `a string`, `an array`.
    var kind: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}
