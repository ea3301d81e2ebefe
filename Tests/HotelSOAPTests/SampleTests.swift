import Foundation
import HotelSOAP
import Testing

/// Every saved message in `Samples/` against its hand-written `.expected.json`.
@Suite("Saved samples")
struct SampleTests {
    static let files = Fixtures.expectedResults(in: "responses") + Fixtures.expectedResults(in: "requests")

    @Test("there are enough samples to matter")
    func sampleCount() {
        #expect(Fixtures.expectedResults(in: "responses").count >= 15)
        #expect(Fixtures.expectedResults(in: "requests").count >= 4)
    }

    @Test("parses to exactly the expected models or error", arguments: files)
    func sample(_ file: String) throws {
        let expected = try Expected.load(for: file)
        let data = try Fixtures.sample(file)
        if let message = expected.message {
            let envelope = try SOAPMessageParser.parse(data)
            #expect(envelope.message == message)
            if let version = expected.version { #expect(envelope.version.rawValue == version) }
        } else {
            let error = #expect(throws: SOAPParseError.self) { try SOAPMessageParser.parse(data) }
            #expect(error?.kind.description == expected.error)
            if let line = expected.line { #expect(error?.line == line, "\(error?.description ?? "")") }
        }
    }

    @Test("the same result whatever the chunk boundaries", arguments: files)
    func chunked(_ file: String) throws {
        let data = [UInt8](try Fixtures.sample(file))
        let whole = Result { try SOAPMessageParser.parse(data) }
        for size in [1, 2, 7, 4096] {
            let parser = SOAPMessageParser()
            let chunked = Result { () throws -> SOAPEnvelope in
                var i = 0
                while i < data.count {
                    try parser.feed(data[i..<min(data.count, i + size)])
                    i += size
                }
                return try parser.finish()
            }
            switch (whole, chunked) {
            case (.success(let a), .success(let b)): #expect(a == b)
            case (.failure(let a as SOAPParseError), .failure(let b as SOAPParseError)): #expect(a.kind == b.kind)
            default: Issue.record("chunk size \(size) gave \(chunked), whole gave \(whole)")
            }
        }
    }

    /// libxml2 reads on past the last complete token; a cut-off body must still say "cut
    /// off" (retry, or ask the server) and not "malformed" (report a bug), wherever the
    /// cut falls: inside a tag, a `<![CDATA[`, an entity, a multi-byte character.
    @Test("every cut inside the Body is reported as truncated", arguments: files)
    func everyCutIsTruncated(_ file: String) throws {
        let data = [UInt8](try Fixtures.sample(file))
        guard (try? SOAPMessageParser.parse(data)) != nil else { return }  // an invalid sample: nothing to cut
        // UTF-16 samples spell "Body" and ">" in two bytes each.
        let utf16 = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
        let width = utf16 ? 2 : 1
        func encoded(_ text: String) -> [UInt8] {
            text.utf8.flatMap { utf16 ? (data[0] == 0xFF ? [$0, 0] : [0, $0]) : [$0] }
        }
        let body = encoded("Body>")
        let close = encoded(">")
        guard let bodyStart = Self.firstEnd(of: body, in: data),
            let rootEnd = Self.lastStart(of: close, in: data)
        else {
            Issue.record("no Body in \(file)")
            return
        }
        for length in stride(from: bodyStart, through: rootEnd, by: width) {
            let error = #expect(throws: SOAPParseError.self, "\(file) cut at \(length)") {
                try SOAPMessageParser.parse(data[..<length])
            }
            #expect(error?.kind == .truncated, "\(file) cut at \(length): \(error?.description ?? "")")
        }
    }

    static func firstEnd(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.map { $0 + needle.count }
    }

    static func lastStart(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - needle.count)).last { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
