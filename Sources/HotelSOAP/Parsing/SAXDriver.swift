import CLibXML2
import CXMLPull

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
        strcmp(UnsafeRawPointer(c).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self))
            == 0
    }

    fileprivate let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute named `localName` in `namespaceURI` (`nil`: no namespace).
    func value(localName: StaticString, namespaceURI: StaticString?) -> String? {
        bytes(localName: localName, namespaceURI: namespaceURI).map(SAXAttributes.string)
    }

    /// A value's text. libxml2 hands an `&` in a value (written `&amp;`, `&#38;` or
    /// `&#x26;`) on as the five bytes `&#38;`: without entity substitution it keeps that
    /// reference for its own tree builder. A value cannot hold a bare `&`, so each `&#38;`
    /// is one `&` (fuzzing found `currency="A&amp;D"` read as `A&#38;D`).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let reference = Array("&#38;".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "&"), bytes[i...].starts(with: reference) {
                text.append(UInt8(ascii: "&"))
                i += reference.count
            } else {
                text.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of the value without XML whitespace at either end (codes, as `xsd:token`
    /// reads them): no `String` is built, the caller decides how (it runs once per hotel).
    /// An `&` in them is still `&#38;`: build the text with `string` when one is there.
    func trimmedBytes(localName: StaticString, namespaceURI: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        bytes(localName: localName, namespaceURI: namespaceURI)?.trimmingXMLSpace
    }

    /// Every attribute in no namespace, names and values as strings: for messages read by
    /// name rather than by a few known attributes (OTA requests put their criteria there).
    var unqualified: [(name: String, value: String)] {
        guard let base else { return [] }
        var all: [(name: String, value: String)] = []
        for i in 0..<count {
            let entry = base + i * 5  // localname, prefix, URI, value, end
            guard let name = entry[0], entry[2] == nil else { continue }
            let value: String
            if let start = entry[3], let end = entry[4] {
                value = SAXAttributes.string(UnsafeBufferPointer(start: start, count: end - start))
            } else {
                value = ""
            }
            all.append((String(cString: name), value))
        }
        return all
    }

    /// The `index`th attribute: its interned local name (a `NameCache` key), its namespace
    /// URI, and its value's bytes (an `&` in them is `&#38;`: see `string`). For messages
    /// that read most of the attributes they get, one pass beats a lookup per name.
    @inline(__always)
    subscript(index: Int) -> (localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, value: UnsafeBufferPointer<UInt8>) {
        let entry = base.unsafelyUnwrapped + index * 5  // localname, prefix, URI, value, end
        let value: UnsafeBufferPointer<UInt8>
        if let start = entry[3], let end = entry[4] {
            value = UnsafeBufferPointer(start: start, count: end - start)
        } else {
            value = UnsafeBufferPointer(start: nil, count: 0)
        }
        return (entry[0].unsafelyUnwrapped, entry[2], value)
    }

    private func bytes(localName: StaticString, namespaceURI: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        for i in 0..<count {
            let entry = base + i * 5  // localname, prefix, URI, value, end
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

/// libxml2's dictionary of one document's names: `SAXDriver.isInterned` as a plain value,
/// for a reader that looks names up on every event and should not hold the driver.
struct InternedNames {
    let dictionary: xmlDictPtr?

    func contains(_ pointer: UnsafePointer<UInt8>) -> Bool {
        guard let dictionary else { return false }
        return xmlDictOwns(dictionary, pointer) == 1
    }
}

/// Drives libxml2's SAX2 parser: feed it bytes as they arrive, it calls the delegate.
///
/// Why not Foundation's `XMLParser`: on Linux it runs libxml2 in recover mode (malformed
/// XML can "succeed"), expands entities with no way to refuse a DTD, loses attribute
/// namespaces, and `XMLParser(data:)` fails past ~10 MB. Driving libxml2 directly keeps
/// the delegate shape and fixes all four.
///
/// Why the pull parser on its own stack (`CXMLPull`) rather than `xmlParseChunk`: same
/// events, same errors, ~15 % fewer instructions in libxml2 (BENCHMARKS.md). The callbacks
/// run on that stack, on the thread that called `parse`, before `parse` returns.
final class SAXDriver {
    struct Failure {
        var message: String
        var line: Int
        var column: Int
        var code: Int32
        /// The error came at the very end of the input, after it had ended: the document
        /// was cut off rather than malformed.
        var atEndOfInput = false
        /// Bytes the declared encoding cannot convert ended libxml2's input before it: the
        /// document is malformed, whatever error libxml2 then met where its text stopped.
        var encodingFailed = false

        static let outOfMemory = Failure(message: "libxml2 could not create a parser (out of memory)", line: 1, column: 1, code: -1)

    }

    // The callbacks reach the handler through libxml2's user-data pointer as an unretained,
    // guaranteed reference to the concrete class: an existential or a checked `unowned`
    // reference would cost an atomic retain/release on each of millions of events.
    // The parser object owns both and outlives every callback.
    private unowned(unsafe) let handler: SOAPMessageHandler
    private var puller: OpaquePointer?
    /// Bounds on start tags, enforced before libxml2 reads past them (`hs_pull_set_limits`).
    var tagLimits = (attributes: 0, namespaces: 0, startTagBytes: 0)
    /// The first error libxml2 reported; later ones are consequences.
    private(set) var failure: Failure?

    init(handler: SOAPMessageHandler) {
        SAXDriver.initializeOnce
        self.handler = handler
    }

    deinit {
        // Unwinds a parse still waiting for bytes, with no callback into the handler.
        hs_pull_free(puller)
    }

    private static let initializeOnce: Void = { xmlInitParser() }()

    private var context: xmlParserCtxtPtr? {
        puller.flatMap { hs_pull_context($0) }?.assumingMemoryBound(to: xmlParserCtxt.self)
    }

    var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1 }
    var column: Int { context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 1 }

    /// Whether `pointer` lives in this document's name dictionary, so it stays valid and
    /// unique for the life of the parse and may be used as a cache key.
    func isInterned(_ pointer: UnsafePointer<UInt8>) -> Bool {
        internedNames.contains(pointer)
    }

    /// This document's name dictionary, as a value: the same for the whole parse.
    var internedNames: InternedNames { InternedNames(dictionary: context?.pointee.dict) }

    /// Inside `didStartElement`: the tag never got its `>`. libxml2 reports a start tag
    /// wherever it stops reading one (the end of the input, a U+0000, bytes the declared
    /// encoding cannot convert, a broken attribute), then fails on the missing `>`; judge
    /// such a tag by that failure, not by its name. Where libxml2 stops depends on how the
    /// bytes were chunked, so judging by the name made the error depend on it too (fuzzing
    /// found both; Samples/requests/nul-in-start-tag.xml, Samples/responses/utf7-cut-start-tag.xml).
    /// A whole tag leaves libxml2 at its `>` or `/>`.
    var startTagIsCutOff: Bool {
        guard let cur = context?.pointee.input?.pointee.cur else { return false }
        if cur.pointee == UInt8(ascii: ">") { return false }
        return !(cur.pointee == UInt8(ascii: "/") && cur[1] == UInt8(ascii: ">"))
    }

    /// The start-tag limit that stopped the parse, as the error to report, naming the element.
    var tagLimitError: SOAPParseError? {
        guard let puller else { return nil }
        var name: UnsafePointer<CChar>?
        var length = 0
        let hit = hs_pull_limit_hit(puller, &name, &length)
        guard hit != HS_LIMIT_NONE else { return nil }
        let element = name.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        let what: String
        switch hit {
        case HS_LIMIT_ATTRIBUTES: what = "has more than \(tagLimits.attributes) attributes"
        case HS_LIMIT_NAMESPACES: what = "declares more than \(tagLimits.namespaces) namespaces"
        default: what = "has a start tag longer than \(tagLimits.startTagBytes) bytes"
        }
        return SOAPParseError(.tooLarge, line: line, reason: "the element \(element) \(what), the parser's limit")
    }

    /// Stops the parse from inside a delegate callback.
    func stop() {
        if let context { xmlStopParser(context) }
    }

    /// Parses `bytes`; `last` tells libxml2 the document ends here.
    /// Returns false once the parse has failed or was stopped.
    @discardableResult
    func parse(_ bytes: UnsafeRawBufferPointer, last: Bool) -> Bool {
        guard failure == nil else { return false }
        if puller == nil {
            puller = makePuller()
            if let puller { hs_pull_set_limits(puller, tagLimits.attributes, tagLimits.namespaces, tagLimits.startTagBytes) }
        }
        guard let puller else {
            failure = .outOfMemory
            return false
        }
        var ended = hs_pull_feed(puller, bytes.baseAddress, bytes.count) != 0
        if last { ended = hs_pull_finish(puller) != 0 }
        guard let context else {
            if ended { failure = .outOfMemory }
            return !ended
        }
        // Ending before the document did means an error or a stop.
        if context.pointee.wellFormed == 0 || context.pointee.disableSAX != 0 || (ended && !last) {
            recordFailure(context)
            return false
        }
        return true
    }

    /// libxml2 reports every error here. The first fatal one is the cause; the pull
    /// parser reads on after it (with callbacks off), and what it says then is noise.
    fileprivate func noteError(_ error: UnsafePointer<xmlError>) {
        guard firstFatal == nil, error.pointee.level == XML_ERR_FATAL else { return }
        firstFatal = Failure(
            message: error.pointee.message.map { String(cString: $0) }?.trimmingTrailingNewlines ?? "unknown error",
            line: Int(error.pointee.line), column: Int(error.pointee.int2), code: error.pointee.code,
            atEndOfInput: error.pointee.code != XML_ERR_TAG_NAME_MISMATCH.rawValue && isAtEndOfInput,
            encodingFailed: encodingFailed)
    }

    /// libxml2 converts a declared encoding ahead of the parse, as far as bytes have
    /// arrived, so where its text stops at a byte it cannot convert depends on the
    /// chunking; what error it meets there ("Start tag expected", "AttValue: ' expected")
    /// does too. That the conversion failed does not (fuzzing found a body judged not
    /// XML in chunks and malformed whole).
    private var encodingFailed: Bool {
        guard let buffer = context?.pointee.input?.pointee.buf else { return false }
        return buffer.pointee.error != 0
    }

    /// A cut-off document fails where its bytes stop: at the last byte, or up to a
    /// `<![CDATA` or a partial UTF-8 sequence (≤ 8 bytes) back, where libxml2 stopped
    /// to look ahead. A malformed one fails at the bad token, with its bytes going on.
    /// (Measured over every prefix of every sample. A cut never makes a tag mismatch, so a
    /// misspelt last end tag stays malformed.) Bytes the declared encoding cannot convert
    /// also end libxml2's input early, with an error on the buffer: malformed, wherever
    /// the chunks fell (fuzzing found it judged cut off when whole, malformed in chunks).
    private var isAtEndOfInput: Bool {
        guard let puller, hs_pull_input_ended(puller) != 0, let input = context?.pointee.input,
            let cur = input.pointee.cur, let end = input.pointee.end
        else { return false }
        if encodingFailed { return false }
        return end - cur <= 8
    }

    private var firstFatal: Failure?

    private func recordFailure(_ context: xmlParserCtxtPtr) {
        guard failure == nil else { return }
        if let firstFatal {
            failure = firstFatal
        } else if let error = xmlCtxtGetLastError(context), error.pointee.code != 0 {
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            failure = Failure(
                message: message.trimmingTrailingNewlines, line: Int(error.pointee.line),
                column: Int(error.pointee.int2), code: error.pointee.code, encodingFailed: encodingFailed)
        } else {
            failure = Failure(
                message: "XML parse error", line: line, column: column, code: context.pointee.errNo, encodingFailed: encodingFailed)
        }
    }

    private func makePuller() -> OpaquePointer? {
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
        // Errors come to us instead of libxml2's default of printing them to stderr.
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            Unmanaged<SOAPMessageHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.driver.noteError(error) }
        }
        let user = Unmanaged.passUnretained(handler).toOpaque()
        // No XML_PARSE_RECOVER (malformed means failed), no NOENT/DTDLOAD (no entity
        // expansion, no external fetch), NONET as a second lock on the network.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        return hs_pull_create(&sax, user, options)
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
