/// Looks at the first bytes of a body before libxml2 does, to say what arrived when it is
/// not XML: a proxy's HTML error page or plain text deserves a better message than
/// "Start tag expected".
package final class ContentSniffer {
    package enum Action {
        /// Not enough bytes yet to decide; they are buffered.
        case wait
        /// XML: parse these bytes as they are.
        case direct
        /// XML: parse the buffered bytes, which include these.
        case buffered([UInt8])
    }

    private enum State { case undecided, xml, html }
    private var state = State.undecided
    private var buffer: [UInt8] = []

    private static let decideAfter = 64
    private static let htmlLimit = 16 * 1024

    package init() {}

    package func take(_ bytes: UnsafeRawBufferPointer) throws(XMLInputError) -> Action {
        switch state {
        case .xml: return .direct
        case .undecided:
            buffer.append(contentsOf: bytes)
            guard try decide(final: false) else { return .wait }
            if state == .xml {
                defer { buffer = [] }
                return .buffered(buffer)
            }
            return try takeHTML()
        case .html:
            buffer.append(contentsOf: bytes.prefix(ContentSniffer.htmlLimit))
            return try takeHTML()
        }
    }

    /// At the end of the body: the bytes still buffered, if they are XML.
    package func finish() throws(XMLInputError) -> [UInt8]? {
        switch state {
        case .xml: return nil
        case .undecided:
            _ = try decide(final: true)
            if state == .html { throw htmlError() }
            defer { buffer = [] }
            return buffer
        case .html: throw htmlError()
        }
    }

    private func takeHTML() throws(XMLInputError) -> Action {
        if buffer.count >= ContentSniffer.htmlLimit || title(closed: true) != nil { throw htmlError() }
        return .wait
    }

    /// Returns true once decided (or throws when the bytes are plainly not XML).
    private func decide(final: Bool) throws(XMLInputError) -> Bool {
        // libxml2 needs 4 bytes to detect the encoding.
        guard buffer.count >= 4 || final else { return false }
        var start = 0
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        // UTF-16 (with or without BOM) and UCS-4: libxml2 detects the encoding; only the
        // declaration is checked first.
        if let first = buffer.first, first == 0xFE || first == 0xFF || first == 0x00 || (buffer.count > 1 && buffer[1] == 0x00) {
            guard try wideStartsWithMarkup(final: final), try encodingIsReadable(final: final) else { return false }
            state = .xml
            return true
        }
        while start < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[start]) { start += 1 }
        guard buffer.count - start >= ContentSniffer.decideAfter || final else { return false }
        guard start < buffer.count else {
            throw XMLInputError(.notXML, line: 0, reason: "the body is empty: expected a SOAP envelope")
        }
        guard buffer[start] == UInt8(ascii: "<") else {
            throw XMLInputError(.notXML, line: 1, reason: "the body is not XML: it starts with \"\(snippet(from: start))\"")
        }
        let head = String(decoding: buffer[start..<min(buffer.count, start + 32)], as: UTF8.self).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") {
            state = .html
            return true
        }
        guard try encodingIsReadable(final: final) else { return false }
        state = .xml
        return true
    }

    /// UTF-16 or UCS-4: the first character after the BOM and whitespace must be `<`, as
    /// for any other body. Decided here and not from libxml2's "Start tag expected": libxml2
    /// converts ahead as far as bytes have arrived, so whether a bad unit later in the body
    /// had already failed the conversion when it said so depended on the chunking (fuzzing
    /// found a body "not XML" in chunks and malformed whole). False until that character arrives.
    private func wideStartsWithMarkup(final: Bool) throws(XMLInputError) -> Bool {
        guard let layout = XMLDeclaration.Layout.of(buffer), layout.unit > 1 else { return true }
        var i = layout.bomLength
        while i + layout.unit <= buffer.count {
            switch layout.unit(at: i, in: buffer) {
            case 0x20, 0x09, 0x0A, 0x0D: i += layout.unit
            case 0x3C: return true
            default:
                throw XMLInputError(
                    .notXML, line: 1, reason: "the body is not XML: it is UTF-\(layout.unit * 8) text that does not start with '<'")
            }
        }
        guard final else { return false }
        throw XMLInputError(.notXML, line: 0, reason: "the body is empty: expected a SOAP envelope")
    }

    /// Reads the XML declaration, if any, and refuses an encoding the parser does not read
    /// (`XMLDeclaration`). False while its `?>` has not arrived.
    private func encodingIsReadable(final: Bool) throws(XMLInputError) -> Bool {
        guard let layout = XMLDeclaration.Layout.of(buffer) else { return final }
        switch try XMLDeclaration.scan(buffer, layout: layout, final: final) {
        case .needMore: return false
        case .none: try XMLDeclaration.check(nil, layout: layout)
        case .declared(let encoding): try XMLDeclaration.check(encoding, layout: layout)
        }
        return true
    }

    private func htmlError() -> XMLInputError {
        let what = title(closed: false).map { "an HTML page (\"\($0)\")" } ?? "an HTML page"
        return XMLInputError(.notXML, line: 1, reason: "expected a SOAP envelope but got \(what)")
    }

    private func title(closed: Bool) -> String? {
        HTMLTitle.extract(from: String(decoding: buffer, as: UTF8.self), requireClosed: closed)
    }

    private func snippet(from start: Int) -> String {
        let text = String(decoding: buffer[start..<min(buffer.count, start + 60)], as: UTF8.self)
        let printable = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) }
        return String(printable).trimmingCharacters(in: .whitespaces)
    }
}

/// The text of an HTML page's `<title>`, whitespace collapsed, control characters dropped,
/// at most 120 characters. `requireClosed`: nil until `</title>` has arrived.
package enum HTMLTitle {
    package static func extract(from text: String, requireClosed: Bool) -> String? {
        guard let open = text.range(of: "<title", options: .caseInsensitive),
            let gt = text[open.upperBound...].firstIndex(of: ">")
        else { return nil }
        let rest = text[text.index(after: gt)...]
        let end = rest.range(of: "</title", options: .caseInsensitive)
        if requireClosed && end == nil { return nil }
        let raw = rest[..<(end?.lowerBound ?? rest.endIndex)].prefix(120)
        let cleaned = raw.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        return String(String.UnicodeScalarView(cleaned)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
