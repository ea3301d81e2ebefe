/// What `SOAPMessageHandler` hands an OpenTravel message's subtree to: the events from
/// the Body child's start tag to its end tag. One handler and one streaming parser serve
/// both OTA requests (`OTARequestBuilder`) and responses (`OTAAvailResponseBuilder`), so
/// there is a single XML parser with a single set of limits.
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
    func begin(_ attributes: [Attribute])
    /// A start tag below the root.
    func start(_ name: String, namespace: String?, attributes: [Attribute])
    /// Text below the root; false when the current field grew past `limit` bytes.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool
    /// An end tag below the root; throws what `onHotel` threw.
    func end() throws
}
