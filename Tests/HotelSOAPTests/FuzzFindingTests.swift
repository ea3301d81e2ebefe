import Foundation
import HotelSOAP
import Testing

/// Inputs `scripts/fuzz` found, saved in `Samples/`. Each must give the same kind of
/// error however the body is cut into chunks: the parser used to judge a
/// start tag that libxml2 reported without its `>` (cut short by a U+0000 or by bytes the
/// declared encoding cannot convert) by its name, and a document whose encoding failed as
/// cut off or as not XML, so the kind depended on where the chunks fell. The last is an attribute value
/// that did not survive our own writer and parser.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    /// A saved finding and the one kind of error it must give, however it is chunked.
    struct Finding: Sendable, CustomTestStringConvertible {
        var file: String
        var kind: SOAPParseError.Kind
        var testDescription: String { file }
    }

    static let findings = [
        Finding(file: "requests/nul-in-start-tag.xml", kind: .malformed),
        // Stateful or mid-document encodings: their conversion depended on the chunking, so
        // they are refused before libxml2 reads a byte (XMLDeclaration).
        Finding(file: "requests/utf7-fails-after-declaration.xml", kind: .unsupportedEncoding),
        Finding(file: "requests/utf7-invalid-byte.xml", kind: .unsupportedEncoding),
        Finding(file: "responses/utf7-cut-start-tag.xml", kind: .unsupportedEncoding),
        Finding(file: "requests/utf7-complete-in-chunks.xml", kind: .unsupportedEncoding),
        Finding(file: "requests/utf16-bad-attribute-in-chunks.xml", kind: .unsupportedEncoding),
        // A UTF-16 body that does not start with '<', judged before libxml2 converts a unit.
        Finding(file: "requests/utf16-not-markup-in-chunks.xml", kind: .notXML),
    ]

    @Test("the same error in chunks of every size up to 16 and whole", arguments: findings)
    func everyChunkSize(_ finding: Finding) throws {
        let bytes = [UInt8](try Fixtures.sample(finding.file))
        for size in Array(1...16) + [bytes.count] {
            #expect(parseErrorKind(bytes, chunks: size) == finding.kind, "\(finding.file) in chunks of \(size)")
        }
    }

    @Test("the same error wherever one cut splits it in two", arguments: findings)
    func everySplit(_ finding: Finding) throws {
        let bytes = [UInt8](try Fixtures.sample(finding.file))
        for cut in 0...bytes.count {
            let parser = SOAPMessageParser()
            let error = #expect(throws: SOAPParseError.self, "\(finding.file) cut at \(cut)") {
                try parser.feed(bytes[..<cut])
                try parser.feed(bytes[cut...])
                _ = try parser.finish()
            }
            #expect(error?.kind == finding.kind, "\(finding.file) cut at \(cut): \(error?.description ?? "")")
        }
    }

    /// libxml2 passes `&` in an attribute value on as `&#38;`; the currency is the value's text.
    @Test(
        "an & in the currency attribute is one &, however it is written",
        arguments: ["A&amp;D", "A&#38;D", "A&#x26;D", "&amp;#38;"])
    func ampersandInAttribute(_ written: String) throws {
        var text = String(decoding: try Fixtures.sample("responses/currency-ampersand.xml"), as: UTF8.self)
        text = text.replacingOccurrences(of: "currency=\"A&amp;D\"", with: "currency=\"\(written)\"")
        let page = try SOAPMessageParser.parseSearchPage(Array(text.utf8))
        let expected = written == "&amp;#38;" ? "&#38;" : "A&D"
        #expect(page.hotels.first?.price.currency == expected)
    }
}
