/// A strict JSON (RFC 8259) parser for one line of JSON Lines: an object, with any values
/// nested to a bounded depth. Small on purpose: an import needs numbers as text (see
/// ``JSONValue``) and errors that say where, and JSONSerialization gives neither.
///
/// ```swift
/// var parser = JSONObjectParser(bytes: buffer)
/// let members = try parser.parseObject()     // [("hotel_id", .string("H1")), …]
/// ```
struct JSONObjectParser {
    /// What is wrong and at which byte of the line (0-based).
    struct Failure: Error {
        var problem: String
        var offset: Int
    }

    /// Arrays and objects nested deeper than this are refused: no row needs more than 2.
    static let maxDepth = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The line's object: members in the order written. A key twice is an error (which one
    /// counts is not something JSON says).
    mutating func parseObject() throws(Failure) -> [(key: String, value: JSONValue)] {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw fail("expected {") }
        guard case .object(let members) = try value(depth: 0) else { throw fail("expected an object") }
        skipSpace()
        guard i == bytes.count else { throw fail("text after the object") }
        return members
    }

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    private func fail(_ problem: String) -> Failure { Failure(problem: problem, offset: i) }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
    }

    private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let n = literal.utf8CodeUnitCount
        guard i + n <= bytes.count, (0..<n).allSatisfy({ bytes[i + $0] == literal.utf8Start[$0] }) else {
            throw fail("expected \(literal)")
        }
        i += n
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipSpace()
        guard let b = peek else { throw fail("a value is missing at the end of the line") }
        switch b {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth)") }
            i += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if peek == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
                let keyOffset = i
                let key = try string()
                if members.contains(where: { $0.key == key }) {
                    throw Failure(problem: "the key \"\(key)\" appears twice", offset: keyOffset)
                }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw fail("expected : after a key") }
                i += 1
                let member = try value(depth: depth + 1)
                members.append((key, member))
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard peek == UInt8(ascii: "}") else { throw fail("expected , or }") }
                i += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth)") }
            i += 1
            var elements: [JSONValue] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                i += 1
                return .array(elements)
            }
            while true {
                let element = try value(depth: depth + 1)
                elements.append(element)
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard peek == UInt8(ascii: "]") else { throw fail("expected , or ]") }
                i += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return .number(try number())
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as written.
    private mutating func number() throws(Failure) -> String {
        let start = i
        if peek == UInt8(ascii: "-") { i += 1 }
        let firstDigit = peek
        let whole = digits()
        guard whole > 0 else { throw Failure(problem: "expected a value", offset: start) }
        guard firstDigit != UInt8(ascii: "0") || whole == 1 else { throw Failure(problem: "a number with a leading zero", offset: start) }
        if peek == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("expected a digit after the decimal point") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// Skips ASCII digits; returns how many.
    private mutating func digits() -> Int {
        let from = i
        while let b = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { i += 1 }
        return i - from
    }

    /// A string at `i` (on its opening quote): escapes resolved, UTF-8 checked, control
    /// characters refused as JSON requires.
    private mutating func string() throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        var run = i
        while true {
            guard let b = peek else { throw fail("a string is not closed before the end of the line") }
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw fail("a control character in a string: write it as an escape (\\n, \\t, \\u00XX)") }
            guard b == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            i += 1
            guard let escaped = peek else { throw fail("an escape is cut off") }
            i += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("a lone surrogate \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("a lone surrogate \\u escape")
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default: throw fail("an unknown escape \\\(Character(Unicode.Scalar(escaped)))")
            }
            run = i
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
        i += 1
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("a string that is not valid UTF-8") }
        return text
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("a \\u escape needs 4 hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs 4 hex digits")
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }
}
