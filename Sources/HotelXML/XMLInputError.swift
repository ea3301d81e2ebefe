/// Input the XML engine refused before any handler saw it: not XML at all (an empty body,
/// an HTML page), malformed at the XML declaration, or over a start-tag limit. A reader
/// of a vocabulary above (the SOAP parser) maps it to its own error, keeping the text.
///
/// ```swift
/// do { _ = try sniffer.take(bytes) } catch { throw SOAPParseError(error) }
/// ```
package struct XMLInputError: Error, Sendable {
    package enum Kind: Sendable {
        /// Not XML: empty, or markup of another kind (HTML).
        case notXML
        /// XML, but broken (a declaration too long or naming a bad encoding).
        case malformed
        /// In a character encoding the engine does not read (UCS-4, a stateful charset).
        case unsupportedEncoding
        /// Over one of the start-tag limits.
        case tooLarge
    }

    package var kind: Kind
    package var line: Int
    package var reason: String

    package init(_ kind: Kind, line: Int, reason: String) {
        self.kind = kind
        self.line = line
        self.reason = reason
    }
}
