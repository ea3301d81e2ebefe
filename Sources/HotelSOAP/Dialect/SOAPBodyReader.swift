import HotelXML

/// What the envelope hands a dialect's message to: the events from the Body child's start
/// tag to its end tag. The envelope (`SOAPMessageHandler`) reads the Envelope, the Header's
/// WS-Security and a Fault; everything inside the Body's message goes to the reader a
/// dialect installed, so a dialect plugs in here without touching the envelope or another
/// dialect. OpenTravel's requests (`OTARequestBuilder`) and responses
/// (`OTAAvailResponseBuilder`) are read this way; so is any later dialect.
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
/// ```
class SOAPBodyReader {
    /// The Body child this reader takes…
    let rootName: String
    /// …in this namespace.
    let namespace: String
    /// Whether a SOAP Fault may stand in the Body instead (responses: yes; requests: no).
    let acceptsFault: Bool

    init(rootName: String, namespace: String, acceptsFault: Bool) {
        self.rootName = rootName
        self.namespace = namespace
        self.acceptsFault = acceptsFault
    }

    /// The root's start tag (the handler checked its name and namespace); `names` tells
    /// the document's interned names (`NameCache` keys) apart for the rest of the parse.
    func begin(_ attributes: SAXAttributes, names: InternedNames) {}

    /// A start tag below the root; false skips the element with its whole subtree: the
    /// handler then forwards nothing until its end tag has passed (most of a response is
    /// rate details a reader skips, and each event forwarded costs a call).
    func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) -> Bool { false }

    /// Text below the root; false when the current field grew past `limit` bytes.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool { true }

    /// The end tag of an element `start` took; throws what `onHotel` threw.
    func end() throws {}
}
