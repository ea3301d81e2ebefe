import CLibXML2
import CXMLTok

/// libFuzzer target holding our tokenizer (CXMLTok) to libxml2: the same bytes, whole to
/// libxml2 and in the input's chunks to the tokenizer, must be accepted or refused by both,
/// and when accepted give the same events (text joined between tags: where a text is cut
/// into `characters` calls is no event). Documents the tokenizer does not read (UTF-16,
/// another declared encoding) go to libxml2 in the parser, so are skipped here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    if let first = input.body.first, first == 0xFE || first == 0xFF || first == 0x00 { return 0 }
    if input.body.count > 1, input.body[1] == 0x00 { return 0 }
    let ours = tokenize(input)
    if ours.skipped { return 0 }
    let theirs = libxml2(input.body)
    if ours.doctype || theirs.doctype {
        // The tokenizer reports `<!DOCTYPE` at once; libxml2 after reading its name, so a
        // malformed one is an error there. The delegate stops at either.
        if ours.doctype && (theirs.doctype || !theirs.accepted) && ours.events == theirs.events { return 0 }
        violated("DOCTYPE: ours \(ours.summary), libxml2 \(theirs.summary)", input)
    }
    // libxml2 takes a U+0000 after the root for the end of the input and ignores the rest;
    // the tokenizer refuses the bytes there, as XML does.
    let nulAfterRoot = !ours.accepted && theirs.accepted && ours.events == theirs.events && input.body.contains(0)
    if ours.accepted != theirs.accepted && !nulAfterRoot {
        violated("ours \(ours.summary), libxml2 \(theirs.summary)", input)
    }
    if ours.accepted && ours.events != theirs.events {
        let at =
            (0..<min(ours.events.count, theirs.events.count)).first { ours.events[$0] != theirs.events[$0] }
            ?? min(ours.events.count, theirs.events.count)
        func shown(_ events: [UInt8]) -> String {
            String(decoding: events[max(0, at - 40)..<min(events.count, at + 40)], as: UTF8.self).debugDescription
        }
        violated("different events from event byte \(at): ours \(shown(ours.events)), libxml2 \(shown(theirs.events))", input)
    }
    return 0
}

/// What a parser did with a document: its events in one byte string, and its verdict.
final class Recording {
    var events: [UInt8] = []
    var text: [UInt8] = []
    var accepted = true
    var doctype = false
    var skipped = false
    var message = ""

    var summary: String {
        "\(accepted ? "accepted" : "refused (\(message))")\(doctype ? " at a DOCTYPE" : ""), \(events.count) event bytes"
    }

    func flush() {
        guard !text.isEmpty else { return }
        events.append(UInt8(ascii: "T"))
        events += text
        events.append(0)
        text = []
    }

    func string(_ p: UnsafePointer<UInt8>?) {
        if let p {
            var q = p
            while q.pointee != 0 {
                events.append(q.pointee)
                q += 1
            }
        } else {
            events.append(0xFF)
        }
        events.append(0)
    }

    func start(
        _ local: UnsafePointer<UInt8>?, _ uri: UnsafePointer<UInt8>?, _ count: Int, _ attributes: UnsafePointer<UnsafePointer<UInt8>?>?
    ) {
        guard !doctype, accepted else { return }
        flush()
        events.append(UInt8(ascii: "S"))
        string(local)
        string(uri)
        for i in 0..<count {
            let a = attributes! + i * 5
            string(a[0])
            string(a[1])
            string(a[2])
            if let start = a[3], let end = a[4] { events += UnsafeBufferPointer(start: start, count: end - start) }
            events.append(0)
        }
    }

    func characters(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        guard !doctype, accepted, let bytes else { return }
        text += UnsafeBufferPointer(start: bytes, count: count)
    }

    func end() {
        guard !doctype, accepted else { return }
        flush()
        events.append(UInt8(ascii: "E"))
    }
}

private func with(_ user: UnsafeMutableRawPointer?, _ body: (Recording) -> Void) {
    guard let user else { return }
    body(Unmanaged<Recording>.fromOpaque(user).takeUnretainedValue())
}

private final class TokenizerBox {
    var tokenizer: OpaquePointer?
}

private func tokenize(_ input: FuzzInput) -> Recording {
    let recording = Recording()
    var callbacks = hs_tok_callbacks()
    callbacks.start = { user, local, uri, count, attributes in
        with(user) { $0.start(local, uri, Int(count), UnsafePointer(attributes)) }
    }
    callbacks.end = { user in with(user) { $0.end() } }
    callbacks.characters = { user, bytes, count in
        with(user) { $0.characters(bytes, Int(count)) }
    }
    callbacks.doctype = { user in
        with(user) {
            $0.flush()
            $0.doctype = true
        }
    }
    guard let tokenizer = hs_tok_create(&callbacks, Unmanaged.passUnretained(recording).toOpaque()) else { return recording }
    defer { hs_tok_free(tokenizer) }
    var ended = false
    for chunk in input.chunks where !ended {
        ended = chunk.withUnsafeBytes { hs_tok_feed(tokenizer, $0.baseAddress, $0.count) } != 0
        if recording.doctype { break }
    }
    if !ended && !recording.doctype { _ = hs_tok_finish(tokenizer) }
    recording.flush()
    var line: UInt = 0
    var column: UInt = 0
    var atEnd: Int32 = 0
    if let message = hs_tok_error(tokenizer, &line, &column, &atEnd) {
        recording.accepted = false
        recording.message = String(cString: message) + " at \(line):\(column)"
        recording.skipped = recording.message.hasPrefix("unsupported encoding")
    }
    if recording.doctype { recording.accepted = false }
    return recording
}

/// libxml2 as the parser's libxml2 path reads: no entities substituted, no network, a
/// namespace error as fatal as a well-formedness one (but not a URI its URI parser dislikes).
private func libxml2(_ body: [UInt8]) -> Recording {
    let recording = Recording()
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startElementNs = { user, local, _, uri, _, _, count, _, attributes in
        with(user) { $0.start(local, uri, Int(count), UnsafePointer(attributes)) }
    }
    sax.endElementNs = { user, _, _, _ in with(user) { $0.end() } }
    let characters: charactersSAXFunc = { user, bytes, count in
        with(user) { $0.characters(bytes, Int(count)) }
    }
    sax.characters = characters
    sax.cdataBlock = characters
    sax.internalSubset = { user, _, _, _ in
        with(user) {
            // After a namespace error the parser has stopped already.
            guard $0.accepted else { return }
            $0.flush()
            $0.doctype = true
        }
    }
    sax.serror = { user, error in
        guard let error else { return }
        with(user) { recording in
            let namespace =
                error.pointee.level == XML_ERR_ERROR && error.pointee.domain == Int32(XML_FROM_NAMESPACE.rawValue)
                && error.pointee.code != Int32(XML_WAR_NS_URI.rawValue) && error.pointee.code != Int32(XML_WAR_NS_URI_RELATIVE.rawValue)
            if (error.pointee.level == XML_ERR_FATAL || namespace) && recording.accepted {
                recording.accepted = false
                recording.message =
                    (error.pointee.message.map { String(cString: $0) } ?? "?") + " at \(error.pointee.line):\(error.pointee.int2)"
            }
        }
    }
    // The pull parser, as the parser's libxml2 path runs it (the push parser hands a CDATA
    // section's bytes on without normalizing its line ends).
    guard !body.isEmpty,
        let context = body.withUnsafeBufferPointer({
            $0.withMemoryRebound(to: CChar.self) { xmlCreateMemoryParserCtxt($0.baseAddress, Int32($0.count)) }
        })
    else {
        recording.accepted = false
        recording.message = "empty"
        return recording
    }
    let original = context.pointee.sax
    withUnsafeMutablePointer(to: &sax) { handler in
        context.pointee.sax = handler
        context.pointee.userData = Unmanaged.passUnretained(recording).toOpaque()
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue))
        // Events after a DOCTYPE are not recorded: the parser's delegate stops there.
        _ = xmlParseDocument(context)
        context.pointee.sax = original
    }
    defer {
        // A DOCTYPE's entity declarations make libxml2 build a document to hold them.
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        xmlFreeParserCtxt(context)
    }
    recording.flush()
    if context.pointee.wellFormed == 0 && recording.accepted {
        recording.accepted = false
        recording.message = "not well-formed"
    }
    if recording.doctype { recording.accepted = false }
    return recording
}
