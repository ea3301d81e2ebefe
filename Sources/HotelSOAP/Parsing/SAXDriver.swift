import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// The events of an XML document, in the shape of Foundation's `XMLParserDelegate`, but
/// with names as the parser's own interned C strings: a handler that ignores an element
/// never pays for a Swift `String`.
protocol SAXDelegate: AnyObject {
    func didStartElement(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes)
    func didEndElement()
    func foundCharacters(_ bytes: UnsafeBufferPointer<UInt8>)
    /// A `<!DOCTYPE` was seen. The delegate must stop the parse.
    func foundDoctype()
}

/// The attributes of one start tag, valid only during `didStartElement`.
struct SAXAttributes {
    private static func equal(_ c: UnsafePointer<UInt8>, _ s: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(c).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    fileprivate let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute named `localName` in `namespaceURI` (`nil`: no namespace).
    func value(localName: StaticString, namespaceURI: StaticString?) -> String? {
        bytes(localName: localName, namespaceURI: namespaceURI).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of the value without XML whitespace at either end (codes, as `xsd:token`
    /// reads them): no `String` is built, the caller decides how (it runs once per hotel).
    func trimmedBytes(localName: StaticString, namespaceURI: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        bytes(localName: localName, namespaceURI: namespaceURI)?.trimmingXMLSpace
    }

    private func bytes(localName: StaticString, namespaceURI: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        for i in 0..<count {
            let entry = base + i * 5 // localname, prefix, URI, value, end
            guard let name = entry[0], SAXAttributes.equal(name, localName) else { continue }
            switch (entry[2], namespaceURI) {
            case (nil, nil): break
            case (let uri?, let wanted?) where SAXAttributes.equal(uri, wanted): break
            default: continue
            }
            guard let start = entry[3], let end = entry[4] else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }
}

/// Drives libxml2's SAX2 push parser: feed it bytes as they arrive, it calls the delegate.
///
/// Why not Foundation's `XMLParser`: on Linux it runs libxml2 in recover mode (malformed
/// XML can "succeed"), expands entities with no way to refuse a DTD, loses attribute
/// namespaces, and `XMLParser(data:)` fails past ~10 MB. Driving libxml2 directly keeps
/// the delegate shape and fixes all four.
final class SAXDriver {
    struct Failure {
        var message: String
        var line: Int
        var column: Int
        var code: Int32
    }

    // The callbacks reach the handler through libxml2's user-data pointer as an unretained,
    // guaranteed reference to the concrete class: an existential or a checked `unowned`
    // reference would cost an atomic retain/release on each of millions of events.
    // The parser object owns both and outlives every callback.
    private unowned(unsafe) let handler: SOAPMessageHandler
    private var context: xmlParserCtxtPtr?
    /// The first error libxml2 reported; later ones are consequences.
    private(set) var failure: Failure?

    init(handler: SOAPMessageHandler) {
        SAXDriver.initializeOnce
        self.handler = handler
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    private static let initializeOnce: Void = { xmlInitParser() }()

    var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1 }
    var column: Int { context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 1 }

    /// Whether `pointer` lives in this document's name dictionary, so it stays valid and
    /// unique for the life of the parse and may be used as a cache key.
    func isInterned(_ pointer: UnsafePointer<UInt8>) -> Bool {
        guard let dict = context?.pointee.dict else { return false }
        return xmlDictOwns(dict, pointer) == 1
    }

    /// Stops the parse from inside a delegate callback.
    func stop() {
        if let context { xmlStopParser(context) }
    }

    /// Parses `bytes`; `last` tells libxml2 the document ends here.
    /// Returns false once the parse has failed or was stopped.
    @discardableResult
    func parse(_ bytes: UnsafeRawBufferPointer, last: Bool) -> Bool {
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        if context == nil {
            // libxml2 sniffs the encoding (BOM, UTF-16, `<?xml encoding=`) from the first bytes.
            let head = min(bytes.count, 4)
            context = makeContext(base, Int32(head))
            guard context != nil else {
                failure = Failure(message: "libxml2 could not create a parser", line: 1, column: 1, code: -1)
                return false
            }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[head...])
            return chunk(rest.baseAddress?.assumingMemoryBound(to: CChar.self), rest.count, last: last)
        }
        return chunk(base, bytes.count, last: last)
    }

    private func chunk(_ base: UnsafePointer<CChar>?, _ count: Int, last: Bool) -> Bool {
        guard let context, failure == nil else { return false }
        // xmlParseChunk takes an Int32 size: feed very large buffers in slices.
        var offset = 0
        repeat {
            let n = min(count - offset, 1 << 20)
            let isLast = last && offset + n == count
            let rc = xmlParseChunk(context, base.map { $0 + offset }, Int32(n), isLast ? 1 : 0)
            if rc != 0 || context.pointee.disableSAX != 0 || failure != nil {
                recordFailure(code: rc)
                return false
            }
            offset += n
        } while offset < count
        return true
    }

    private func recordFailure(code: Int32) {
        guard failure == nil, let context else { return }
        if let error = xmlCtxtGetLastError(context), error.pointee.code != 0 {
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            failure = Failure(
                message: message.trimmingTrailingNewlines, line: Int(error.pointee.line),
                column: Int(error.pointee.int2), code: error.pointee.code)
        } else {
            failure = Failure(message: "XML parse error \(code)", line: line, column: column, code: code)
        }
    }

    private func makeContext(_ head: UnsafePointer<CChar>?, _ count: Int32) -> xmlParserCtxtPtr? {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { ctx, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let ctx, let localname else { return }
            Unmanaged<SOAPMessageHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.didStartElement(localname, namespaceURI: uri, attributes: SAXAttributes(base: attributes, count: Int(attributeCount)))
            }
        }
        sax.endElementNs = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<SOAPMessageHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.didEndElement() }
        }
        let characters: charactersSAXFunc = { ctx, bytes, count in
            guard let ctx, let bytes else { return }
            Unmanaged<SOAPMessageHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.foundCharacters(UnsafeBufferPointer(start: bytes, count: Int(count)))
            }
        }
        sax.characters = characters
        // Without this callback libxml2 drops CDATA sections (the FoundationXML pitfall).
        sax.cdataBlock = characters
        sax.internalSubset = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<SOAPMessageHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.foundDoctype() }
        }
        // Route errors to us instead of libxml2's default of printing them to stderr.
        sax.serror = { _, _ in }
        let user = Unmanaged.passUnretained(handler).toOpaque()
        guard let ctxt = xmlCreatePushParserCtxt(&sax, user, head, count, nil) else { return nil }
        // No XML_PARSE_RECOVER (malformed means failed), no NOENT/DTDLOAD (no entity
        // expansion, no external fetch), NONET as a second lock on the network.
        xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue))
        return ctxt
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
