/// What `SOAPMessageHandler` hands an OpenTravel message's subtree to: the events from
/// the Body child's start tag to its end tag. One handler and one streaming parser serve
/// both OTA requests (`OTARequestBuilder`) and responses (`OTAAvailResponseBuilder`), so
/// there is a single XML parser with a single set of limits.
///
/// Events come as libxml2 gives them (interned C strings, attribute bytes): a response of
/// 100,000 `RoomStay`s holds millions of elements, and building a `String` for each name
/// and attribute cost several times what libxml2 itself took. A reader that wants strings
/// builds them (`OTARequestBuilder` does; requests are small).
///
/// ```swift
/// handler.ota = OTAAvailResponseBuilder(onHotel: nil)   // the Body must hold OTA_HotelAvailRS
/// ```
protocol OTASubtreeReader: AnyObject {
    typealias Attribute = (name: String, value: String)

    /// The Body child this reader takes, in `OTA.namespace`.
    var rootName: String { get }
    /// Whether a SOAP Fault may stand in the Body instead (responses: yes; requests: no).
    var acceptsFault: Bool { get }
    /// The root's start tag (the handler checked its name and namespace).
    func begin(_ attributes: SAXAttributes)
    /// A start tag below the root. `driver` tells interned names (`NameCache` keys) apart.
    func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes, driver: SAXDriver)
    /// Text below the root; false when the current field grew past `limit` bytes.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool
    /// An end tag below the root; throws what `onHotel` threw.
    func end() throws
}
