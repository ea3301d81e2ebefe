import Foundation
import HotelSOAP
import Testing

/// Which encodings a body may declare: the ones whose reading cannot depend on how the
/// network cut the body (see `XMLDeclaration`).
@Suite("Declared encodings")
struct DeclaredEncodingTests {
    static let envelope =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:h=\"urn:hotel-search:v1\">"
        + "<soap:Body><h:SearchHotelsResponse><h:TotalCount>0</h:TotalCount><h:Offset>0</h:Offset>"
        + "</h:SearchHotelsResponse></soap:Body></soap:Envelope>"

    static func body(_ declaration: String) -> [UInt8] { Array((declaration + Self.envelope).utf8) }

    static func utf16(_ text: String, littleEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += littleEndian ? pair.reversed() : pair
        }
        return bytes
    }

    /// The result whole and in 1-, 3- and 64-byte chunks, which must agree.
    func outcome(_ bytes: [UInt8]) throws -> SOAPParseError.Kind? {
        let kinds = [bytes.count, 1, 3, 64].map { parseErrorKind(bytes, chunks: $0) }
        #expect(Set(kinds.map { $0?.description ?? "ok" }).count == 1, "\(kinds)")
        return kinds[0]
    }

    @Test(
        "read: UTF-8, ASCII and stateless single-byte charsets, in any case and quoting",
        arguments: [
            "", "<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version='1.0' encoding='utf-8'?>",
            "<?xml version=\"1.0\" encoding = \"ISO-8859-1\" ?>", "<?xml version=\"1.0\" encoding=\"windows-1252\"?>",
            "<?xml version=\"1.0\" encoding=\"US-ASCII\" standalone=\"yes\"?>",
        ])
    func accepted(_ declaration: String) throws {
        #expect(try outcome(Self.body(declaration)) == nil)
    }

    @Test(
        "refused before libxml2 reads a byte: stateful and multi-byte legacy encodings, iconv aliases",
        arguments: ["UTF-7", "UT-F7", "ISO-2022-JP", "Shift_JIS", "EUC-JP", "GB18030", "UTF-32", "EBCDIC-US"])
    func refused(_ encoding: String) throws {
        let bytes = Self.body("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>")
        #expect(try outcome(bytes) == .unsupportedEncoding)
        let error = #expect(throws: SOAPParseError.self) { try SOAPMessageParser.parse(bytes) }
        #expect(error?.reason.contains("\"\(encoding)\"") == true, "\(error?.description ?? "")")
        #expect(error?.reason.contains("UTF-8 or UTF-16") == true)
    }

    @Test("UTF-16, with or without a BOM, may declare UTF-16 only")
    func utf16() throws {
        for littleEndian in [true, false] {
            for bom in [true, false] {
                let plain = Self.utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + Self.envelope, littleEndian: littleEndian, bom: bom)
                #expect(try outcome(plain) == nil, "LE \(littleEndian) BOM \(bom)")
                let latin = Self.utf16(
                    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + Self.envelope, littleEndian: littleEndian, bom: bom)
                #expect(try outcome(latin) == .unsupportedEncoding, "LE \(littleEndian) BOM \(bom)")
            }
        }
    }

    @Test("a short processing instruction first (the scan stops at its `?>`) reads the same however the body is cut")
    func shortInstruction() throws {
        #expect(try outcome(Self.body("<?a?>")) == nil)
        #expect(try outcome(Self.body("<?pi data?>")) == nil)
        #expect(try outcome(Self.body("<?xml?>")) != nil)
        #expect(try outcome(Self.body("<??>")) != nil)
    }

    @Test("UCS-4 is refused; an endless declaration is malformed, not buffered without bound")
    func ucs4AndLongDeclaration() throws {
        let ucs4 = Array(("<?xml version=\"1.0\"?>" + Self.envelope).unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value & 0xFF)] })
        #expect(try outcome(ucs4) == .unsupportedEncoding)
        let long = Self.body("<?xml version=\"1.0\"" + String(repeating: " ", count: 5000) + "?>")
        #expect(try outcome(long) == .malformed)
    }
}
