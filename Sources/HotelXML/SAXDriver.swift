import CLibXML2
import CXMLPull
import CXMLTok

#if canImport(Glibc)
    import Glibc
#endif

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
///
/// UTF-8 documents (nearly all) go to our own tokenizer instead (`CXMLTok`, see
/// `SAXDriver+Tokenizer.swift`): libxml2 alone costs 0.61 × `xmllint --stream`, most of
/// the budget of a whole `hotels parse`. Which one reads a document is decided from its
/// first bytes; both report the same events, and the tokenizer also refuses what libxml2
/// only calls a namespace error.
package final class SAXDriver {
    package struct Failure {
        package var message: String
        package var line: Int
        package var column: Int
        package var code: Int32
        /// The error came at the very end of the input, after it had ended: the document
        /// was cut off rather than malformed.
        package var atEndOfInput = false
        /// Bytes the declared encoding cannot convert ended libxml2's input before it: the
        /// document is malformed, whatever error libxml2 then met where its text stopped.
        package var encodingFailed = false

        package static let outOfMemory = Failure(message: "libxml2 could not create a parser (out of memory)", line: 1, column: 1, code: -1)

    }

    // The callbacks reach the handler through libxml2's user-data pointer as an unretained,
    // guaranteed reference to the concrete class: an existential or a checked `unowned`
    // reference would cost an atomic retain/release on each of millions of events.
    // The parser object owns both and outlives every callback.
    unowned(unsafe) let handler: SAXHandler
    private var puller: OpaquePointer?
    /// The tokenizer reading this document, when it is UTF-8 (`SAXDriver+Tokenizer`).
    package var tokenizer: OpaquePointer?
    /// Whether the first bytes have chosen the reader.
    package var decided = false
    /// `stop` was called.
    private(set) var stopped = false
    /// Bounds on start tags, enforced before libxml2 reads past them (`hs_pull_set_limits`).
    package var tagLimits = (attributes: 0, namespaces: 0, startTagBytes: 0)
    /// The first error libxml2 reported; later ones are consequences.
    package var failure: Failure?

    package init(handler: SAXHandler) {
        SAXDriver.initializeOnce
        self.handler = handler
    }

    deinit {
        // Unwinds a parse still waiting for bytes, with no callback into the handler.
        hs_pull_free(puller)
        hs_tok_free(tokenizer)
    }

    private static let initializeOnce: Void = { xmlInitParser() }()

    private var context: xmlParserCtxtPtr? {
        puller.flatMap { hs_pull_context($0) }?.assumingMemoryBound(to: xmlParserCtxt.self)
    }

    package var line: Int {
        if tokenizer != nil { return tokenizerPosition.line }
        return context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1
    }
    package var column: Int {
        if tokenizer != nil { return tokenizerPosition.column }
        return context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 1
    }

    /// Whether `pointer` lives in this document's name dictionary, so it stays valid and
    /// unique for the life of the parse and may be used as a cache key.
    package func isInterned(_ pointer: UnsafePointer<UInt8>) -> Bool {
        internedNames.contains(pointer)
    }

    /// This document's name dictionary, as a value: the same for the whole parse.
    package var internedNames: InternedNames { InternedNames(dictionary: context?.pointee.dict, tokenizer: tokenizer) }

    /// Inside `didStartElement`: the tag never got its `>`. libxml2 reports a start tag
    /// wherever it stops reading one (the end of the input, a U+0000, bytes the declared
    /// encoding cannot convert, a broken attribute), then fails on the missing `>`; judge
    /// such a tag by that failure, not by its name. Where libxml2 stops depends on how the
    /// bytes were chunked, so judging by the name made the error depend on it too (fuzzing
    /// found both; Samples/requests/nul-in-start-tag.xml, Samples/responses/utf7-cut-start-tag.xml).
    /// A whole tag leaves libxml2 at its `>` or `/>`.
    package var startTagIsCutOff: Bool {
        // The tokenizer reports a start tag only once its `>` has arrived.
        guard tokenizer == nil, let cur = context?.pointee.input?.pointee.cur else { return false }
        if cur.pointee == UInt8(ascii: ">") { return false }
        return !(cur.pointee == UInt8(ascii: "/") && cur[1] == UInt8(ascii: ">"))
    }

    /// The start-tag limit that stopped the parse, as the error to report, naming the element.
    package var tagLimitError: XMLInputError? {
        var name: UnsafePointer<CChar>?
        var length = 0
        let hit: hs_xml_limit
        if let tokenizer {
            hit = hs_tok_limit_hit(tokenizer, &name, &length)
        } else if let puller {
            hit = hs_pull_limit_hit(puller, &name, &length)
        } else {
            return nil
        }
        guard hit != HS_LIMIT_NONE else { return nil }
        let element = name.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        let what: String
        switch hit {
        case HS_LIMIT_ATTRIBUTES: what = "has more than \(tagLimits.attributes) attributes"
        case HS_LIMIT_NAMESPACES: what = "declares more than \(tagLimits.namespaces) namespaces"
        default: what = "has a start tag longer than \(tagLimits.startTagBytes) bytes"
        }
        return XMLInputError(.tooLarge, line: line, reason: "the element \(element) \(what), the parser's limit")
    }

    /// Stops the parse from inside a delegate callback.
    package func stop() {
        stopped = true
        if let tokenizer { hs_tok_stop(tokenizer) }
        if let context { xmlStopParser(context) }
    }

    /// Parses `bytes`; `last` tells libxml2 the document ends here.
    /// Returns false once the parse has failed or was stopped.
    @discardableResult
    package func parse(_ bytes: UnsafeRawBufferPointer, last: Bool) -> Bool {
        guard failure == nil else { return false }
        if !decided {
            decided = true
            if SAXDriver.tokenizerReads(bytes) { tokenizer = makeTokenizer() }
        }
        if tokenizer != nil { return tokenize(bytes, last: last) }
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
        // Only fatal errors: libxml2 reports a namespace error (an undeclared prefix) and
        // reads on, and this path (other encodings than UTF-8) keeps doing so. Stopping
        // there made the verdict depend on the chunking: a QName cut at the end of the
        // bytes fed is a namespace error in pieces and a cut-off document whole (fuzzing
        // found both). The tokenizer, which reads UTF-8, refuses them.
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
            Unmanaged<SAXHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.didStartElement(localname, namespaceURI: uri, attributes: SAXAttributes(base: attributes, count: Int(attributeCount)))
            }
        }
        sax.endElementNs = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<SAXHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.didEndElement() }
        }
        let characters: charactersSAXFunc = { ctx, bytes, count in
            guard let ctx, let bytes else { return }
            Unmanaged<SAXHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.foundCharacters(UnsafeBufferPointer(start: bytes, count: Int(count)))
            }
        }
        sax.characters = characters
        // Without this callback libxml2 drops CDATA sections (the FoundationXML pitfall).
        sax.cdataBlock = characters
        sax.internalSubset = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<SAXHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.foundDoctype() }
        }
        // Errors come to us instead of libxml2's default of printing them to stderr.
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            Unmanaged<SAXHandler>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.driver.noteError(error) }
        }
        let user = Unmanaged.passUnretained(handler).toOpaque()
        // No XML_PARSE_RECOVER (malformed means failed), no NOENT/DTDLOAD (no entity
        // expansion, no external fetch), NONET as a second lock on the network.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        return hs_pull_create(&sax, user, options)
    }
}

extension String {
    package var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
