/// The element a SOAP Body holds, by namespace URI and local name (never by prefix).
///
/// ```swift
/// let parser = SOAPMessageParser()
/// try? parser.feed(firstChunk)
/// if parser.bodyElement == SOAPBodyElement(name: OTA.availResponse, namespace: OTA.namespace) { … }
/// ```
public struct SOAPBodyElement: Sendable, Hashable {
    /// The local name, e.g. `OTA_HotelAvailRS`.
    public var name: String
    /// The namespace URI; nil when the element is in no namespace.
    public var namespace: String?

    public init(name: String, namespace: String?) {
        self.name = name
        self.namespace = namespace
    }
}
