/// The encoding a body declares in its XML declaration, read before libxml2 sees a byte,
/// and the rule for which ones the parser reads.
///
/// Why: libxml2 converts a declared encoding ahead of the parse, as far as bytes have
/// arrived. With a stateful encoding (UTF-7, ISO-2022) or an iconv alias it switches to
/// mid-document (a UTF-16 body declaring `UT-F16`), whether the conversion stalls or
/// fails depended on where the network's chunks fell: fuzzing found a complete UTF-7 body
/// refused in small chunks, and a UTF-16 one judged "not XML" in chunks but malformed
/// whole. SOAP messages are UTF-8 or UTF-16 (WS-I Basic Profile 1.1, R4003); the
/// stateless single-byte charsets older servers declare stay readable. Anything else is
/// refused here, the same way whatever the chunking.
package enum XMLDeclaration {
    /// How the document spells its code units, from its first bytes (XML 1.0 appendix F).
    package struct Layout: Equatable {
        /// Bytes per code unit: 1 (UTF-8 and ASCII-compatible charsets), 2 (UTF-16) or 4 (UCS-4).
        package var unit: Int
        package var littleEndian: Bool
        /// Bytes of the byte-order mark before the first character.
        package var bomLength: Int

        /// The code unit that starts at byte `offset` of `bytes` (which must hold all of it).
        package func unit(at offset: Int, in bytes: [UInt8]) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<unit {
                value = value << 8 | UInt32(bytes[offset + (littleEndian ? unit - 1 - k : k)])
            }
            return value
        }

        package static func of(_ b: [UInt8]) -> Layout? {
            guard b.count >= 4 else { return nil }
            switch (b[0], b[1], b[2], b[3]) {
            case (0x00, 0x00, 0xFE, 0xFF): return Layout(unit: 4, littleEndian: false, bomLength: 4)
            case (0xFF, 0xFE, 0x00, 0x00): return Layout(unit: 4, littleEndian: true, bomLength: 4)
            case (0x00, 0x00, 0x00, 0x3C): return Layout(unit: 4, littleEndian: false, bomLength: 0)
            case (0x3C, 0x00, 0x00, 0x00): return Layout(unit: 4, littleEndian: true, bomLength: 0)
            case (0xFE, 0xFF, _, _): return Layout(unit: 2, littleEndian: false, bomLength: 2)
            case (0xFF, 0xFE, _, _): return Layout(unit: 2, littleEndian: true, bomLength: 2)
            case (0x00, 0x3C, 0x00, 0x3F): return Layout(unit: 2, littleEndian: false, bomLength: 0)
            case (0x3C, 0x00, 0x3F, 0x00): return Layout(unit: 2, littleEndian: true, bomLength: 0)
            case (0xEF, 0xBB, 0xBF, _): return Layout(unit: 1, littleEndian: false, bomLength: 3)
            default: return Layout(unit: 1, littleEndian: false, bomLength: 0)
            }
        }
    }

    package enum Scan: Equatable {
        /// The declaration has begun but its `?>` has not arrived.
        case needMore
        /// No declaration, or none libxml2 would read an encoding from: it judges the rest.
        case none
        /// The declaration is complete; the encoding it names, if any.
        case declared(encoding: String?)
    }

    /// A declaration longer than this is refused: real ones are under 100 bytes, and the
    /// parser must not buffer without bound before it knows how to read the body.
    package static let maxLength = 1024

    /// Reads the declaration at the start of `bytes` (after a BOM and whitespace).
    package static func scan(_ bytes: [UInt8], layout: Layout, final: Bool) throws(XMLInputError) -> Scan {
        // The document as ASCII, one byte per code unit (0x80 for anything wider), as far
        // as the declaration can reach.
        var text: [UInt8] = []
        var i = layout.bomLength
        let limit = min(bytes.count, layout.bomLength + (maxLength + 64) * layout.unit)
        text.reserveCapacity((limit - i) / layout.unit)
        // Up to the first `?>`: nothing after it matters here, and copying a whole request
        // (then searching it generically) profiled at 2 % of a search.
        var close: Int?
        while i + layout.unit <= limit {
            let value = layout.unit(at: i, in: bytes)
            text.append(value < 0x80 ? UInt8(value) : 0x80)
            i += layout.unit
            if value == 0x3E, text.count >= 2, text[text.count - 2] == UInt8(ascii: "?") {
                close = text.count - 2
                break
            }
        }
        var start = 0
        while start < text.count, text[start].isXMLSpace { start += 1 }
        let open = Array("<?xml".utf8)
        // Past a `?>`, no more bytes can make this a declaration.
        guard text.count - start >= open.count + 1 else { return final || close != nil ? .none : .needMore }
        guard text[start...].starts(with: open), text[start + open.count].isXMLSpace else { return .none }
        guard let close else {
            if text.count - start > maxLength {
                throw XMLInputError(.malformed, line: 1, reason: "malformed XML: the XML declaration is longer than \(maxLength) bytes")
            }
            return final ? .none : .needMore
        }
        return .declared(encoding: encoding(in: Array(text[(start + open.count)..<close])))
    }

    /// The value of `encoding="…"` in the declaration's pseudo-attributes, if well formed.
    private static func encoding(in body: [UInt8]) -> String? {
        let name = Array("encoding".utf8)
        var i = 0
        // By hand: Foundation's generic `firstRange(of:)` was 2 % of a search request.
        func find(from start: Int) -> Range<Int>? {
            guard body.count >= name.count else { return nil }
            var at = start
            while at + name.count <= body.count {
                if body[at] == name[0], body[at..<(at + name.count)].elementsEqual(name) { return at..<(at + name.count) }
                at += 1
            }
            return nil
        }
        while let found = find(from: i) {
            i = found.upperBound
            guard found.lowerBound > 0, body[found.lowerBound - 1].isXMLSpace else { continue }
            var j = found.upperBound
            while j < body.count, body[j].isXMLSpace { j += 1 }
            guard j < body.count, body[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < body.count, body[j].isXMLSpace { j += 1 }
            guard j < body.count, body[j] == UInt8(ascii: "\"") || body[j] == UInt8(ascii: "'") else { return nil }
            let quote = body[j]
            guard let end = body[(j + 1)...].firstIndex(of: quote) else { return nil }
            return String(decoding: body[(j + 1)..<end], as: UTF8.self)
        }
        return nil
    }

    /// The single-byte charsets whose conversion keeps no state, so no chunking can change
    /// what they decode to.
    private static let singleByte: Set<String> = {
        var names: Set<String> = ["UTF-8", "UTF8", "US-ASCII", "ASCII", "ISO-LATIN-1", "LATIN1", "UTF-16", "UTF16"]
        for n in 1...16 where n != 12 { names.insert("ISO-8859-\(n)") }
        for n in 1250...1258 { names.insert("WINDOWS-\(n)") }
        return names
    }()

    /// libxml2 reads these itself, without switching converters mid-document.
    private static let utf16: Set<String> = ["UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "UTF-8", "UTF8"]

    /// Throws `unsupportedEncoding` unless a document laid out as `layout` declaring
    /// `encoding` is one the parser reads the same way however it is chunked.
    package static func check(_ encoding: String?, layout: Layout) throws(XMLInputError) {
        if layout.unit == 4 {
            throw XMLInputError(
                .unsupportedEncoding, line: 1,
                reason: "the body is UCS-4 (UTF-32): SOAP messages must be UTF-8 or UTF-16 (WS-I Basic Profile R4003)")
        }
        guard let encoding else { return }
        let allowed = layout.unit == 2 ? utf16 : singleByte
        guard !allowed.contains(encoding.uppercased()) else { return }
        let shown = String(encoding.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        throw XMLInputError(
            .unsupportedEncoding, line: 1,
            reason:
                "the body declares the encoding \"\(shown)\", which the parser does not read: SOAP messages must be UTF-8 or UTF-16 (WS-I Basic Profile R4003)"
        )
    }
}

extension UInt8 {
    fileprivate var isXMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
