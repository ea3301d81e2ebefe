import Foundation
import HotelSOAP
import Testing

/// The start-tag limits (attributes, namespace declarations, tag length) are checked by a
/// scanner in CXMLPull on the bytes before libxml2 reads them, and it jumps over runs of
/// bytes that cannot change its counts. Its verdict must be what counting the tags by hand
/// gives, wherever the chunks fall: random well-formed tags against a plain model.
@Suite("Start-tag limits")
struct StartTagLimitTests {
    struct Tag {
        var text: String
        var name: String
        /// As an error names it: the scanner keeps a name's first 64 bytes.
        var shownName: String { String(name.prefix(64)) }
    }

    /// What the limits say about a document's tags, in document order: the first tag past a
    /// limit, and which one, or nil. A limit is passed at a byte: the tag's length at its
    /// (limit + 1)th byte, the counts at the `=` of the attribute past them; at one byte,
    /// length first, then attributes, then namespaces (the scanner's order).
    static func verdict(_ tags: [Tag], _ limits: SOAPMessageParser.Limits) -> (name: String, message: String)? {
        for tag in tags {
            let bytes = Array(tag.text.utf8)
            var attributes = 0
            var namespaces = 0
            var quote: UInt8?
            var nameStart: Int?
            var attributeName: [UInt8] = []
            scan: for (i, byte) in bytes.enumerated() {
                if i + 1 > limits.maxStartTagBytes {
                    return (tag.shownName, "has a start tag longer than \(limits.maxStartTagBytes) bytes")
                }
                if let open = quote {
                    if byte == open { quote = nil }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "="):
                    attributes += 1
                    if attributes > limits.maxAttributes { return (tag.shownName, "has more than \(limits.maxAttributes) attributes") }
                    let declares = attributeName == Array("xmlns".utf8) || attributeName.starts(with: Array("xmlns:".utf8))
                    if declares {
                        namespaces += 1
                        if namespaces > limits.maxNamespaceDeclarations {
                            return (tag.shownName, "declares more than \(limits.maxNamespaceDeclarations) namespaces")
                        }
                    }
                    attributeName = []
                    nameStart = nil
                case 0x20, 0x09, 0x0A, 0x0D:
                    if nameStart != nil { nameStart = nil }
                case UInt8(ascii: ">"):
                    break scan  // the start tag ends; an end tag may follow in `text`
                case UInt8(ascii: "/"):
                    break
                default:
                    // Attribute names start after the element's name and a space.
                    if i > tag.name.utf8.count {
                        if nameStart == nil {
                            nameStart = i
                            attributeName = []
                        }
                        attributeName.append(byte)
                    }
                }
            }
        }
        return nil
    }

    static func space(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in [" ", "\t", "\n"].randomElement(using: &rng)! }.joined()
    }

    static func optionalSpace(_ rng: inout SplitMix64) -> String {
        Bool.random(using: &rng) ? "" : space(&rng)
    }

    /// A well-formed start tag with unique attribute names, some of them namespace
    /// declarations, values holding the other quote, `>`, `=` and non-ASCII text.
    static func tag(_ rng: inout SplitMix64, index: Int) -> Tag {
        let name = "E\(index)" + String(repeating: "n", count: [0, 3, 70][Int.random(in: 0..<3, using: &rng)])
        var text = "<" + name
        var defaultNamespace = false
        for k in 0..<Int.random(in: 0...9, using: &rng) {
            var attribute = ["a\(k)", "xmlns:p\(k)", "xmlnsa\(k)", "longAttributeName\(k)", "q:x\(k)", "xmlns"][
                Int.random(in: 0..<6, using: &rng)]
            if attribute == "xmlns" {
                // One default namespace declaration per tag at most.
                if defaultNamespace { attribute = "b\(k)" }
                defaultNamespace = true
            }
            let value = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                ["v", ">", "=", "호텔", " ", "urn:x", "\t"].randomElement(using: &rng)!
            }.joined()
            // A declaration needs a URI; `q:` needs its prefix declared.
            let written = attribute.hasPrefix("xmlns") && attribute != "xmlnsa\(k)" ? "urn:\(k)" + value : value
            let (open, other) = Bool.random(using: &rng) ? ("\"", "'") : ("'", "\"")
            text += space(&rng) + attribute + optionalSpace(&rng) + "=" + optionalSpace(&rng) + open + written + other + open
        }
        text += optionalSpace(&rng) + (Bool.random(using: &rng) ? "/>" : "></\(name)>")
        if text.contains("q:x") { text = text.replacingOccurrences(of: "<\(name)", with: "<\(name) xmlns:q=\"urn:q\"") }
        return Tag(text: text, name: name)
    }

    @Test("the parser refuses the first tag past a limit, as counting by hand says, in any chunking", arguments: 0..<6)
    func randomTags(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x7A65 &+ seed)
        for _ in 0..<40 {
            let tags = (0..<Int.random(in: 1...6, using: &rng)).map { Self.tag(&rng, index: $0) }
            let limits = SOAPMessageParser.Limits(
                maxAttributes: Int.random(in: 1...10, using: &rng), maxNamespaceDeclarations: Int.random(in: 1...4, using: &rng),
                maxStartTagBytes: Int.random(in: 70...400, using: &rng))
            let document = Array(
                """
                <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
                <h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>0</h:TotalCount><h:Offset>0</h:Offset>\
                \(tags.map(\.text).joined())</h:SearchHotelsResponse></soap:Body></soap:Envelope>
                """.utf8)
            // The envelope's own tags are within every limit drawn (68 bytes at most).
            let expected = Self.verdict(tags, limits)
            for chunk in [1, 3, 17, 256, document.count] {
                let parser = SOAPMessageParser(limits: limits)
                let outcome = Result { () throws -> SOAPEnvelope in
                    var i = 0
                    while i < document.count {
                        try parser.feed(document[i..<min(document.count, i + chunk)])
                        i += chunk
                    }
                    return try parser.finish()
                }
                let context = "\(String(decoding: document, as: UTF8.self)) with \(limits), chunks of \(chunk)"
                switch (outcome, expected) {
                case (.success, nil): break
                case (.failure(let error as SOAPParseError), let verdict?):
                    #expect(error.kind == .tooLarge, "\(error): \(context)")
                    #expect(error.reason.contains("element \(verdict.name) \(verdict.message)"), "\(error) ≠ \(verdict): \(context)")
                default:
                    Issue.record("\(outcome) ≠ \(String(describing: expected)): \(context)")
                    return
                }
            }
        }
    }
}
