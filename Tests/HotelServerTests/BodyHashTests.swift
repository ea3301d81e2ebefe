import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

/// `BodyHash` makes the ETag of every SOAP answer: a change anywhere in a body must change it.
@Suite("BodyHash")
struct BodyHashTests {
    @Test("any one changed byte, at any position and any length, changes the hash; equal bodies hash alike")
    func everyByteCounts() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...97 {
            let body = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let hash = BodyHash.of(body)
            #expect(BodyHash.of(Array(body)) == hash)
            #expect(BodyHash.of(body + [0]) != hash, "a byte appended, length \(length)")
            for i in body.indices {
                var changed = body
                changed[i] ^= UInt8.random(in: 1...255, using: &generator)
                #expect(BodyHash.of(changed) != hash, "byte \(i) of \(length)")
            }
        }
    }

    @Test("words moved between lanes, or swapped within a page, change the hash")
    func order() {
        let page = Array(String(repeating: "<h:Hotel><h:HotelId>H0000001</h:HotelId></h:Hotel>", count: 500).utf8)
        var swapped = page
        // Two 8-byte words that differ, in different lanes of the same 32-byte block.
        swapped.replaceSubrange(0..<8, with: page[8..<16])
        swapped.replaceSubrange(8..<16, with: page[0..<8])
        #expect(swapped != page)
        #expect(BodyHash.of(swapped) != BodyHash.of(page))
        #expect(BodyHash.of([]) != BodyHash.of([0]))
    }
}

@Suite("ASCII header bytes")
struct ASCIITests {
    @Test("trimmed drops spaces and tabs (and the extra byte) at both ends only")
    func trimmed() {
        func trim(_ s: String, also: UInt8? = nil) -> String { String(decoding: ASCII.trimmed(s.utf8, also: also), as: UTF8.self) }
        #expect(trim(" \ttext/xml \t") == "text/xml")
        #expect(trim("text / xml") == "text / xml")
        #expect(trim("   ") == "")
        #expect(trim("") == "")
        #expect(trim("\" urn:a \"", also: UInt8(ascii: "\"")) == "urn:a")
    }

    @Test("equalsIgnoringCase folds ASCII letters only")
    func caseless() {
        #expect(ASCII.equalsIgnoringCase("Application/SOAP+XML".utf8, "application/soap+xml"))
        #expect(!ASCII.equalsIgnoringCase("text/xml2".utf8, "text/xml"))
        #expect(!ASCII.equalsIgnoringCase("text/xm".utf8, "text/xml"))
        // 0x5B ("[") is not "{" (0x7B) in any case.
        #expect(!ASCII.equalsIgnoringCase("[".utf8, "{"))
    }
}
