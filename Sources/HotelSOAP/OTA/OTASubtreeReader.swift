import HotelXML

/// What `SOAPMessageHandler` hands an OpenTravel message's subtree to: the events from
/// the Body child's start tag to its end tag. One handler and one streaming parser serve
/// both OTA requests (`OTARequestBuilder`) and responses (`OTAAvailResponseBuilder`), so
/// there is a single XML parser with a single set of limits.
///
/// Events come as libxml2 gives them (interned names, attribute bytes): a response of
/// 100,000 `RoomStay`s holds millions of elements and attributes, and building a `String`
/// for each cost several times what libxml2 itself took. A reader that wants strings
/// builds them (`OTARequestBuilder` does; requests are small).
///
/// A class to subclass rather than a protocol: the handler reaches it through an
/// unretained reference (`Unmanaged`), as libxml2 reaches the handler, where an
/// existential cost a retain and a release on every event.
///
/// ```swift
/// parser = SOAPMessageParser(limits: limits, ota: OTAAvailResponseBuilder(onHotel: nil))
/// ```
class OTASubtreeReader {
    /// The Body child this reader takes, in `OTA.namespace`.
    let rootName: String
    /// Whether a SOAP Fault may stand in the Body instead (responses: yes; requests: no).
    let acceptsFault: Bool

    init(rootName: String, acceptsFault: Bool) {
        self.rootName = rootName
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
