import CXMLTok

/// The driver's UTF-8 path: our tokenizer (`CXMLTok`) in place of libxml2.
extension SAXDriver {
    /// Whether the tokenizer reads a document starting with `head` (the first bytes the
    /// parser is given: `ContentSniffer` holds them back until an XML declaration's `?>`
    /// has arrived). UTF-8 with or without a byte order mark, declaring UTF-8 or nothing;
    /// anything else (UTF-16, another declared charset) goes to libxml2 as before.
    package static func tokenizerReads(_ head: UnsafeRawBufferPointer) -> Bool {
        let bytes = Array(head.prefix(XMLDeclaration.maxLength + 64))
        guard let layout = XMLDeclaration.Layout.of(bytes) else {
            return bytes.first.map { $0 != 0xFE && $0 != 0xFF && $0 != 0x00 } ?? true
        }
        guard layout.unit == 1, bytes[1] != 0x00 else { return false }
        switch try? XMLDeclaration.scan(bytes, layout: layout, final: true) {
        case .none?: return true
        case .declared(let encoding)?:
            guard let encoding else { return true }
            return ["UTF-8", "UTF8"].contains(encoding.uppercased())
        case .needMore?, nil: return false
        }
    }

    package func makeTokenizer() -> OpaquePointer? {
        var callbacks = hs_tok_callbacks()
        callbacks.start = { user, local, uri, count, attributes in
            guard let user, let local else { return }
            Unmanaged<SAXHandler>.fromOpaque(user)._withUnsafeGuaranteedRef {
                $0.didStartElement(local, namespaceURI: uri, attributes: SAXAttributes(base: attributes, count: Int(count)))
            }
        }
        callbacks.end = { user in
            guard let user else { return }
            Unmanaged<SAXHandler>.fromOpaque(user)._withUnsafeGuaranteedRef { $0.didEndElement() }
        }
        callbacks.characters = { user, bytes, count in
            guard let user, let bytes else { return }
            Unmanaged<SAXHandler>.fromOpaque(user)._withUnsafeGuaranteedRef {
                $0.foundCharacters(UnsafeBufferPointer(start: bytes, count: Int(count)))
            }
        }
        callbacks.doctype = { user in
            guard let user else { return }
            Unmanaged<SAXHandler>.fromOpaque(user)._withUnsafeGuaranteedRef { $0.foundDoctype() }
        }
        guard let tokenizer = hs_tok_create(&callbacks, Unmanaged.passUnretained(handler).toOpaque()) else { return nil }
        hs_tok_set_limits(tokenizer, tagLimits.attributes, tagLimits.namespaces, tagLimits.startTagBytes)
        return tokenizer
    }

    package var tokenizerPosition: (line: Int, column: Int) {
        guard let tokenizer else { return (1, 1) }
        var line: UInt = 1
        var column: UInt = 1
        hs_tok_position(tokenizer, &line, &column)
        return (Int(line), Int(column))
    }

    /// `parse` on the tokenizer: false once it failed or was stopped.
    package func tokenize(_ bytes: UnsafeRawBufferPointer, last: Bool) -> Bool {
        guard let tokenizer else {
            failure = .outOfMemory
            return false
        }
        var ended = bytes.count > 0 && hs_tok_feed(tokenizer, bytes.baseAddress, bytes.count) != 0
        if last && !ended { ended = hs_tok_finish(tokenizer) != 0 }
        var line: UInt = 0
        var column: UInt = 0
        var atEnd: Int32 = 0
        if let message = hs_tok_error(tokenizer, &line, &column, &atEnd) {
            failure = Failure(
                message: String(cString: message), line: Int(line), column: Int(column), code: 1, atEndOfInput: atEnd != 0)
            return false
        }
        if stopped {
            failure = Failure(message: "the parse was stopped", line: self.line, column: self.column, code: 0)
            return false
        }
        return !ended || last
    }
}
