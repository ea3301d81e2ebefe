import Foundation

/// Appends well-formed, escaped XML to a byte buffer. No DOM: envelopes are written
/// straight into the bytes that go on the wire.
///
/// ```swift
/// var xml = XMLWriter()
/// xml.open("h:City")
/// try xml.text("Zürich & <Co>", field: "City")
/// xml.close("h:City")
/// ```
public struct XMLWriter: Sendable {
    /// The UTF-8 document written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer with `capacity` bytes reserved.
    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` unescaped: only for markup known to be well-formed.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A start tag, `<name key="value">`; attribute values are escaped, names are not.
    public mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        bytes.append(UInt8(ascii: "<"))
        raw(name)
        for (key, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            raw(key)
            raw("=\"")
            // Attribute values here are our own constants (namespaces, codes): escaping
            // still applies so a future caller cannot break the document.
            appendEscaped(value, inAttribute: true)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Appends what another writer wrote: a part written before it is known to be needed.
    package mutating func append(contentsOf other: XMLWriter) {
        bytes.append(contentsOf: other.bytes)
    }

    /// Appends bytes already written as XML by another writer.
    package mutating func append(bytes other: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Appends markup known at compile time, without going through `String`.
    package mutating func literal(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// An integer's decimal digits, written straight into the buffer: an OpenTravel page
    /// writes about a thousand amounts and counts, each an interpolated `String` before.
    package mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    /// An `xsd:double`'s text; NaN and infinities are refused.
    package mutating func number(_ value: Double, field: String) throws(XMLWriterError) {
        guard value.isFinite else { throw XMLWriterError(notFinite: field) }
        raw(value.description)
    }

    /// An attribute's value, escaped, without its quotes.
    package mutating func appendAttributeValue(_ value: String) {
        appendEscaped(value, inAttribute: true)
    }

    /// Character data escaped, for text already known to hold only XML characters.
    package mutating func appendText(_ value: String) {
        appendEscaped(value, inAttribute: false)
    }

    /// An end tag, `</name>`.
    public mutating func close(_ name: String) {
        raw("</")
        raw(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Escaped character data. Throws if `value` holds a character XML 1.0 cannot carry
    /// (most C0 controls, U+FFFE, U+FFFF): no escape can represent those.
    public mutating func text(_ value: String, field: String) throws(XMLWriterError) {
        // One pass over the UTF-8 that escapes and checks at once; the slow check runs only
        // to name the character once something is wrong.
        let start = bytes.count
        let clean =
            value.utf8.withContiguousStorageIfAvailable { appendEscapedChecking($0) }
            ?? Array(value.utf8).withUnsafeBufferPointer { appendEscapedChecking($0) }
        guard clean else {
            bytes.removeSubrange(start...)
            try XMLWriter.validate(value, field: field)
            return
        }
    }

    /// Appends character data escaped; false at a character XML 1.0 cannot carry (a C0
    /// control other than tab, LF and CR; U+FFFE or U+FFFF, whose UTF-8 is `EF BF BE/BF`).
    private mutating func appendEscapedChecking(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"
            case 0x09, 0x0A:
                i += 1
                continue
            case 0x00..<0x20: return false
            case 0xEF:
                if i + 2 < utf8.count, utf8[i + 1] == 0xBF, utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF { return false }
                i += 1
                continue
            default:
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
            bytes.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            i += 1
            run = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        return true
    }

    /// `<name>value</name>` with `value` escaped.
    public mutating func element(_ name: String, _ value: String, field: String) throws(XMLWriterError) {
        open(name)
        try text(value, field: field)
        close(name)
    }

    /// `<name>value</name>` for values whose text form is known to be safe (integers, enums).
    public mutating func element(_ name: String, trusted value: String) {
        open(name)
        raw(value)
        close(name)
    }

    /// `<name>value</name>` for an `xsd:double`; NaN and infinities are refused.
    public mutating func element(_ name: String, _ value: Double, field: String) throws(XMLWriterError) {
        guard value.isFinite else { throw XMLWriterError(notFinite: field) }
        element(name, trusted: value.description)
    }

    package static func validate(_ value: String, field: String) throws(XMLWriterError) {
        for scalar in value.unicodeScalars where !isXMLChar(scalar) {
            throw XMLWriterError(field: field, scalar: scalar)
        }
    }

    @inline(__always)
    package static func isXMLChar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v >= 0x20 { return v != 0xFFFE && v != 0xFFFF }
        return v == 0x9 || v == 0xA || v == 0xD
    }

    private mutating func appendEscaped(_ value: String, inAttribute: Bool) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            // `>` only matters in `]]>`, but escaping it always is simpler and still valid.
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "\"") where inAttribute: raw("&quot;")
            // A raw CR would be normalized to LF by every parser: keep it as a reference.
            case 0x0D: raw("&#13;")
            case 0x09 where inAttribute: raw("&#9;")
            case 0x0A where inAttribute: raw("&#10;")
            default: bytes.append(byte)
            }
        }
    }
}

/// A value cannot be written into an XML document (a SOAP message).
public struct XMLWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Equatable, Sendable {
        case forbiddenCharacter(Unicode.Scalar)
        case notFinite
    }

    private let code: Code
    /// The request or response field holding the value, e.g. `City` or `Near/Latitude`.
    public let field: String

    package init(field: String, scalar: Unicode.Scalar) {
        self.field = field
        self.code = .forbiddenCharacter(scalar)
    }

    package init(notFinite field: String) {
        self.field = field
        self.code = .notFinite
    }

    /// The offending character, when that is the problem.
    public var scalar: Unicode.Scalar? {
        if case .forbiddenCharacter(let s) = code { return s }
        return nil
    }

    /// One line naming the field and the fix, e.g. `Near/Latitude must be a finite number`.
    public var description: String {
        switch code {
        case .forbiddenCharacter(let scalar):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "\(field) contains U+\(padded), a character XML 1.0 cannot carry; remove it from \(field)"
        case .notFinite:
            return "\(field) must be a finite number"
        }
    }
}
