import Foundation
import HotelXML

/// The envelope's reader: the `SAXHandler` that reads the Envelope, the Header's blocks and
/// WS-Security, and a Fault, and hands the Body's message to the dialect's `SOAPBodyReader`
/// (`bodyReader`: our contract's `ContractBodyReader`, or OpenTravel's).
///
/// It keeps a stack of the known elements it is inside. An element it does not know is
/// skipped with its whole subtree, and text is collected only inside the leaf fields it wants.
///
/// Not final: a dialect whose messages are large may subclass it to call its own reader
/// directly (`ContractMessageHandler`). The three event handlers are written once, as
/// generic cores always inlined into each override (`handleStart`, `handleEnd`,
/// `handleCharacters`), so a final reader's `start`, `end` and `characters` are direct
/// calls there, where this class reaches any reader through the base class's vtable.
class SOAPMessageHandler: SAXHandler {
    /// Where we are: the known element each level of the stack is inside.
    enum Scope {
        case envelope, body
        // A Fault's detail is read when it is our contract's `SearchFault`: the one detail
        // `SOAPFault` models (`SOAPFault.detail`).
        case fault, faultCode, faultSubcode, faultReason, faultDetail, searchFault
        // A request's Header (only with `readsHeader`): its blocks, and wsse:Security's insides.
        case header, security, usernameToken, timestamp
    }

    let maxDepth: Int
    let maxFieldBytes: Int
    /// Requests only: record the Header's blocks and read `wsse:Security`. Responses skip
    /// the Header whole, as before, so the client's path pays nothing for it.
    let readsHeader: Bool
    let maxHeaderBlocks: Int
    /// What the Header held so far.
    var header = SOAPHeader()
    /// The Header has closed, or the Body began without one: `header` is complete.
    var headerDone = false

    private(set) var version: SOAPVersion?
    /// The first failure; set only by `fail` (SOAPMessageHandler+Failing.swift).
    var error: SOAPParseError?
    var delegateError: (any Error)?
    /// Set once the root element has closed.
    private(set) var rootClosed = false
    /// A Fault read in the Body; the dialect's message is its reader's.
    private(set) var message: SOAPMessage?

    // The hot state is touched on every SAX event. Only the parser's own callbacks reach
    // it, one at a time, so dynamic exclusivity checks buy nothing and cost a TLS lookup each.
    @exclusivity(unchecked) var scopes: ScopeStack<Scope>
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var skipDepth = 0
    @exclusivity(unchecked) private var names = NameCache<ElementName>()

    /// The leaf whose text we are collecting, if any.
    @exclusivity(unchecked) private var leaf: ElementName?
    @exclusivity(unchecked) var text = TextBuffer()
    private var reasonLang: String?
    private var fault = FaultBuilder()
    /// The dialect's reader: the Body must hold a root it `accepts` (or a fault, when it
    /// `acceptsFault`), whose subtree goes to it. Unretained, called through
    /// `_withUnsafeGuaranteedRef`: `SOAPMessageParser` owns it (and this handler), and a
    /// retained reference cost a retain and a release on each of the millions of events
    /// it is handed.
    @exclusivity(unchecked) var bodyReader: Unmanaged<SOAPBodyReader>?
    /// Levels open inside the body reader's message (1 = its root); 0 outside it.
    @exclusivity(unchecked) var bodyReaderDepth = 0
    /// Levels open inside an element of it the reader skips (1 = that element).
    @exclusivity(unchecked) var bodySkipDepth = 0
    /// The body reader's root has closed.
    var bodyReaderDone = false
    /// The first element inside the Body, as soon as its start tag was read.
    private(set) var bodyElement: SOAPBodyElement?

    init(maxDepth: Int, maxFieldBytes: Int, readsHeader: Bool = false, maxHeaderBlocks: Int = 64) {
        self.maxDepth = maxDepth
        self.maxFieldBytes = maxFieldBytes
        self.readsHeader = readsHeader
        self.maxHeaderBlocks = maxHeaderBlocks
        scopes = ScopeStack(capacity: maxDepth + 1)
        super.init()
    }

    // MARK: SAXHandler

    override func didStartElement(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) {
        handleStart(localName, namespaceURI, attributes, reader: bodyReader)
    }

    override func didEndElement() { handleEnd(reader: bodyReader) }

    override func foundCharacters(_ bytes: UnsafeBufferPointer<UInt8>) { handleCharacters(bytes, reader: bodyReader) }

    /// A start tag: inside the Body's message it goes to `reader` (the hot path: nearly
    /// every element of a response), else to the envelope's own reading.
    @inline(__always)
    final func handleStart<Reader: SOAPBodyReader>(
        _ localName: UnsafePointer<UInt8>, _ namespaceURI: UnsafePointer<UInt8>?, _ attributes: SAXAttributes,
        reader: Unmanaged<Reader>?
    ) {
        depth += 1
        if depth > maxDepth { return failTooDeep() }
        if bodyReaderDepth > 0 { return startInBodyReader(localName, namespaceURI, attributes, reader: reader.unsafelyUnwrapped) }
        startEnvelopeElement(localName, namespaceURI, attributes)
    }

    /// Out of line: the message it builds would cost every start tag a larger frame.
    @inline(never)
    private final func failTooDeep() {
        failStart(.tooDeep, "elements nest deeper than \(maxDepth) levels")
    }

    /// An end tag, routed as `handleStart` routed its start tag.
    @inline(__always)
    final func handleEnd<Reader: SOAPBodyReader>(reader: Unmanaged<Reader>?) {
        depth -= 1
        if bodyReaderDepth > 0 { return endBodyReaderElement(reader: reader.unsafelyUnwrapped) }
        endEnvelopeElement()
    }

    /// Text, routed as the element it stands in.
    @inline(__always)
    final func handleCharacters<Reader: SOAPBodyReader>(_ bytes: UnsafeBufferPointer<UInt8>, reader: Unmanaged<Reader>?) {
        if bodyReaderDepth > 0 { return bodyReaderCharacters(bytes, reader: reader.unsafelyUnwrapped) }
        envelopeCharacters(bytes)
    }

    /// A start tag outside the Body's message: the Envelope, Header, Body and a Fault.
    private final func startEnvelopeElement(
        _ localName: UnsafePointer<UInt8>, _ namespaceURI: UnsafePointer<UInt8>?, _ attributes: SAXAttributes
    ) {
        if skipDepth > 0 || leaf != nil {
            // A password with markup inside has no single text to check: refuse the token.
            if skipDepth == 0, scopes.last == .usernameToken || scopes.last == .timestamp { header.security?.isMalformed = true }
            // Inside an ignored subtree, or an element inside a text field: skip it all.
            skipDepth += 1
            return
        }
        let name = names.name(localName, driver: driver)
        let ns = names.namespace(namespaceURI, driver: driver)
        guard let scope = scopes.last else {
            return startRoot(name, ns, localName, namespaceURI)
        }
        switch scope {
        case .envelope:
            if name == .Body && ns.isEnvelope {
                headerDone = true
                scopes.append(.body)
            } else if readsHeader, name == .Header, ns.isEnvelope {
                startHeader(localName, namespaceURI)
            } else {
                skipDepth = 1
            }
        case .body:
            if bodyElement == nil {
                bodyElement = SOAPBodyElement(name: String(cString: localName), namespace: namespaceURI.map { String(cString: $0) })
            }
            if name == .Fault && ns.isEnvelope, bodyReader?.takeUnretainedValue().acceptsFault != false {
                startFault()
            } else if let reader = bodyReader?.takeUnretainedValue() {
                startBodyReader(reader, localName, namespaceURI, attributes)
            } else {
                skip()
            }
        case .fault:
            startFaultChild(name, ns)
        case .faultCode:
            guard ns.isEnvelope else { return skip() }
            switch name {
            case .Value: collect(name, ns)
            case .Subcode where fault.subcode == nil: scopes.append(.faultSubcode)
            default: skip()
            }
        case .faultSubcode:
            // Only the first level of subcode: deeper ones refine it further than we report.
            guard ns.isEnvelope, name == .Value else { return skip() }
            collect(name, ns)
        case .faultReason:
            guard ns.isEnvelope, name == .Text else { return skip() }
            reasonLang = attributes.value(localName: "lang", namespaceURI: "http://www.w3.org/XML/1998/namespace")
            collect(name, ns)
        case .faultDetail:
            guard ns == .contract, name == .SearchFault, fault.detail == nil else { return skip() }
            fault.detail = FaultBuilder.Detail()
            scopes.append(.searchFault)
        case .searchFault:
            guard ns == .contract, SOAPMessageHandler.searchFaultFields.contains(name) else { return skip() }
            collect(name, ns)
        case .header:
            startHeaderBlock(name, ns, localName, namespaceURI, attributes)
        case .security, .usernameToken, .timestamp:
            startSecurityChild(scope, name, ns, attributes)
        }
    }

    /// An end tag outside the Body's message.
    private final func endEnvelopeElement() {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        if let field = leaf {
            leaf = nil
            return endLeaf(field)
        }
        guard let scope = scopes.popLast() else { return }
        switch scope {
        case .envelope: rootClosed = true
        case .fault:
            guard let version else { return }
            message = .fault(fault.build(version: version))
        case .header:
            headerDone = true
        case .body, .faultCode, .faultSubcode, .faultReason, .faultDetail, .searchFault, .security, .usernameToken, .timestamp:
            break
        }
    }

    /// Text outside the Body's message: a Fault's or the Header's fields.
    private final func envelopeCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let field = leaf, skipDepth == 0 else { return }
        guard text.count + bytes.count <= maxFieldBytes else {
            return fail(
                .invalidValue, "the text of \(field) is longer than \(maxFieldBytes) bytes, the parser's limit for one field",
                field: "\(field)")
        }
        text.append(bytes)
    }

    override func foundDoctype() {
        fail(.doctype, "the message carries a <!DOCTYPE>; SOAP forbids DTDs, so it was refused before any entity was read")
    }

    // MARK: Starting elements

    private func startRoot(_ name: ElementName, _ ns: NamespaceKind, _ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        switch (name, ns) {
        case (.Envelope, .soap11): version = .v11
        case (.Envelope, .soap12): version = .v12
        default:
            let what =
                name == .Envelope
                ? "an Envelope in namespace \(uri.map { String(cString: $0) } ?? "(none)")" : "<\(qualifiedName(local, uri))>"
            return failStart(.notSOAP, "expected a SOAP 1.1 or 1.2 Envelope but the document starts with \(what)")
        }
        scopes.append(.envelope)
    }

    /// A Fault as the Body's message, unless a message was read before it. (Called in the
    /// Body's scope only, so nothing but the Envelope is open around it.)
    private func startFault() {
        guard message == nil, !bodyReaderDone else { return skip() }
        scopes.append(.fault)
    }

    private func startFaultChild(_ name: ElementName, _ ns: NamespaceKind) {
        switch version {
        case .v11:
            // SOAP 1.1 fault children are unqualified; some stacks qualify them anyway.
            guard ns == .none || ns == .soap11 else { return skip() }
            switch name {
            case .faultcode, .faultstring: collect(name, ns)
            case .detail: scopes.append(.faultDetail)
            default: skip()
            }
        case .v12:
            guard ns == .soap12 else { return skip() }
            switch name {
            case .Code: scopes.append(.faultCode)
            case .Reason: scopes.append(.faultReason)
            case .Detail: scopes.append(.faultDetail)
            default: skip()
            }
        case nil: skip()
        }
    }

    private static let searchFaultFields = ElementName.Set([.Code, .Message, .Field])
    @inline(__always)
    func collect(_ name: ElementName, _ ns: NamespaceKind) {
        leaf = name
        text.reset()
    }

    func skip() { skipDepth = 1 }

    // MARK: Ending elements

    var leafText: String { text.string }

    private func endLeaf(_ field: ElementName) {
        switch scopes.last {
        case .faultCode:
            fault.code = leafText.localPartOfQName
        case .faultSubcode:
            if fault.subcode == nil { fault.subcode = leafText.localPartOfQName }
        case .faultReason:
            fault.offerReason(leafText, lang: reasonLang)
        case .fault:
            if field == .faultcode { fault.code = leafText.localPartOfQName } else { fault.offerReason(leafText, lang: nil) }
        case .searchFault:
            switch field {
            case .Code: fault.detail?.code = leafText.trimmingXMLSpace
            case .Message: fault.detail?.message = leafText
            default: fault.detail?.field = leafText.trimmingXMLSpace
            }
        case .usernameToken, .timestamp:
            endSecurityField(field)
        default: break
        }
    }
}
