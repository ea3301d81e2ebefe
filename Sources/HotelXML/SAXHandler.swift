/// What a reader of XML events subclasses: the events of a document in the shape of
/// Foundation's `XMLParserDelegate`, with names as the parser's own interned C strings, so
/// a handler that ignores an element never pays for a Swift `String`.
///
/// A class to subclass rather than a protocol: `SAXDriver`'s C callbacks reach it through
/// an unretained pointer and one virtual call; an existential cost a retain and a release
/// on each of the millions of events a large response holds.
///
/// ```swift
/// final class Counter: SAXHandler {
///     var elements = 0
///     override func didStartElement(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) {
///         elements += 1
///     }
/// }
/// let counter = Counter()
/// let driver = SAXDriver(handler: counter)
/// counter.driver = driver
/// driver.parse(bytes, last: true)
/// ```
open class SAXHandler {
    /// The driver calling this handler: `stop()` from a callback, `line`, `isInterned`.
    /// Set by whoever pairs the two; the driver holds the handler unretained.
    package var driver: SAXDriver!

    public init() {}

    /// A start tag, with its attributes (valid during the call only).
    open func didStartElement(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) {}

    /// The end tag of the innermost open element.
    open func didEndElement() {}

    /// Text, in pieces: one text node may come as several calls.
    open func foundCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {}

    /// A `<!DOCTYPE` was seen. The handler must stop the parse.
    open func foundDoctype() {}
}
