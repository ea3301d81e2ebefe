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
            #expect(error?.kind.rawValue == expected.error)
            if let line = expected.line { #expect(error?.line == line, "\(error?.description ?? "")") }
        }
    }

    @Test("the same result whatever the chunk boundaries", arguments: files)
    func chunked(_ file: String) throws {
        let data = [UInt8](try Fixtures.sample(file))
        let whole = Result { try SOAPMessageParser.parse(data) }
        for size in [1, 7, 4096] {
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
}
