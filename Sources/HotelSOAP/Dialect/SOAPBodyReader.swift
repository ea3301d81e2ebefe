import HotelXML

/// What the envelope hands a dialect's message to: the events from the Body child's start
/// tag to its end tag. The envelope (`SOAPMessageHandler`) reads the Envelope, the Header's
/// WS-Security and a Fault; everything inside the Body's message goes to the reader the
/// dialect attached, so dialects are peers: our contract (`ContractBodyReader`), OpenTravel's
/// requests (`OTARequestBuilder`) and responses (`OTAAvailResponseBuilder`), and any later
/// one plug in here without touching the envelope or each other.
///
/// Events come as the XML engine gives them (interned names, attribute bytes): a response
/// of 100,000 `RoomStay`s holds millions of elements and attributes, and building a
/// `String` for each cost several times what the parse itself took. A reader that wants
/// strings builds them (`OTARequestBuilder` does; requests are small).
///
/// A class to subclass rather than a protocol: the handler reaches it through an
/// unretained reference (`Unmanaged`), as the XML engine reaches the handler, where an
/// existential cost a retain and a release on every event.
///
/// ```swift
/// let builder = OTAAvailResponseBuilder(onHotel: nil)
/// let parser = SOAPMessageParser(limits: .default, body: builder)
///
/// Open so a dialect in another module (dialect files, `HotelDialectFiles`) can plug in
/// the same way; the built-in readers are final subclasses, called directly on the hot path.
/// ```
open class SOAPBodyReader {
    /// The namespace of the messages this reader takes.
    public let namespace: String
    /// The local names of the Body children it takes, e.g. `OTA_HotelAvailRS`.
    public let roots: [String]
    /// Whether a SOAP Fault may stand in the Body instead (responses: yes; requests: no).
    public let acceptsFault: Bool
    /// Whether `characters` wants the text now. A reader that collects only some fields
    /// keeps it false between them, so the whitespace between tags (a third of a
    /// response's events) costs the handler a load, not a call.
    public final var wantsText = true

    public init(namespace: String, roots: [String], acceptsFault: Bool) {
        self.namespace = namespace
        self.roots = roots
        self.acceptsFault = acceptsFault
    }

    /// Whether the Body's child named so is a message of this reader's.
    open func accepts(_ localName: String, namespace uri: String?) -> Bool {
        uri == namespace && roots.contains(localName)
    }

    /// Why the Body's child `element` (`Name xmlns="…"`) is refused, as a parse error's reason.
    open func refusal(_ element: String) -> String {
        // A request reader is a server's endpoint; a response reader a client expecting an answer.
        let expected = acceptsFault ? "expected" : "this endpoint answers"
        return "the SOAP Body holds <\(element)>; \(expected) \(roots.joined(separator: " or ")) in \(namespace)"
    }

    /// The root's start tag (the handler checked it with `accepts`); `names` tells the
    /// document's interned names (`NameCache` keys) apart for the rest of the parse.
    open func begin(_ localName: UnsafePointer<UInt8>, attributes: SAXAttributes, names: InternedNames) throws(BodyReadFailure) {}

    /// A start tag below the root; false skips the element with its whole subtree: the
    /// handler then forwards nothing until its end tag has passed (most of a response is
    /// rate details a reader skips, and each event forwarded costs a call). Throws to
    /// refuse the message there, e.g. an element a request's schema does not allow.
    open func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes)
        throws(BodyReadFailure)
        -> Bool
    { false }

    /// Text below the root; false when the current field grew past `limit` bytes.
    open func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool { true }

    /// What to report when `characters` said a field grew past `limit` bytes.
    open func fieldTooLong(limit: Int) -> BodyReadFailure {
        BodyReadFailure(
            .invalidValue,
            "a text field of \(roots.first ?? "the message") is longer than \(limit) bytes, the parser's limit for one field")
    }

    /// The end tag of an element `start` took; throws what `onHotel` threw, or a
    /// `BodyReadFailure` for a value the message may not hold.
    open func end() throws {}

    /// The root's end tag: the message is whole.
    open func endRoot() throws {}
}

/// A message a `SOAPBodyReader` refuses, as the handler reports it: with the parser's
/// line and column, as the first error, and the parse stopped.
public struct BodyReadFailure: Error {
    public var kind: SOAPParseError.Kind
    public var reason: String
    public var field: String?
    /// Raised at a start tag: not reported when the tag is only a cut-off prefix of one.
    public var atStartTag = false

    public init(_ kind: SOAPParseError.Kind, _ reason: String, field: String? = nil, atStartTag: Bool = false) {
        self.kind = kind
        self.reason = reason
        self.field = field
        self.atStartTag = atStartTag
    }

    /// A value a field may not hold: `Hotel/Stars must be …: "9"`.
    public static func invalid(_ field: String, _ problem: String, _ value: String?) -> BodyReadFailure {
        var reason = "\(field) \(problem)"
        if let value {
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            reason += ": \"\(shown)\""
        }
        return BodyReadFailure(.invalidValue, reason, field: field)
    }
}

/// An element's name for a message, with its namespace when it has one: `City xmlns="urn:x"`.
func qualifiedName(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) -> String {
    let name = String(cString: local)
    guard let uri else { return name }
    return "\(name) xmlns=\"\(String(cString: uri))\""
}
