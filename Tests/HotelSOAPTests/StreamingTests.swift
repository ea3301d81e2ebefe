import Foundation
import HotelSOAP
import Testing

@Suite("Streaming parser")
struct StreamingTests {
    static func page(_ count: Int, version: SOAPVersion = .v11) throws -> [UInt8] {
        var rng = SplitMix64(seed: 11)
        let hotels = (0..<count).map { _ in RandomText.hotel(&rng) }
        return try SOAPResponseWriter.searchResults(SearchPage(totalCount: count, offset: 0, hotels: hotels), version: version)
    }

    @Test("hotels are handed out as their elements close, before the response ends")
    func handsOutEarly() throws {
        let body = try Self.page(10)
        var seen = 0
        let parser = SOAPMessageParser { _ in seen += 1 }
        try parser.feed(body[..<(body.count / 2)])
        #expect(parser.totalCount == 10)
        #expect(seen >= 3, "half the bytes should have produced several hotels already")
        try parser.feed(body[(body.count / 2)...])
        guard case .searchResults(let page) = try parser.finish().message else { Issue.record("not a page"); return }
        #expect(seen == 10)
        #expect(page.totalCount == 10 && page.hotels.isEmpty)
    }

    @Test("a truncated response is never a page: every proper prefix fails")
    func everyPrefixFails() throws {
        let body = try Self.page(3, version: .v12)
        for length in stride(from: 0, to: body.count, by: 1) {
            #expect(throws: SOAPParseError.self, "prefix of \(length) bytes") {
                try SOAPMessageParser.parse(body[..<length])
            }
        }
        #expect(try SOAPMessageParser.parseSearchPage(body).hotels.count == 3)
    }

    @Test("a cut-off response reports truncation with a line")
    func truncationKind() throws {
        let body = try Self.page(5)
        let error = #expect(throws: SOAPParseError.self) { try SOAPMessageParser.parse(body[..<(body.count - 40)]) }
        #expect(error?.kind == .truncated)
        #expect((error?.line ?? 0) >= 1)
    }

    @Test("an error thrown by the consumer stops the parse and comes back unchanged")
    func consumerErrorPropagates() throws {
        struct Stop: Error {}
        let body = try Self.page(50)
        var seen = 0
        let parser = SOAPMessageParser { _ in
            seen += 1
            if seen == 2 { throw Stop() }
        }
        #expect(throws: Stop.self) { try parser.feed(body) }
        #expect(seen == 2)
    }

    /// Streams a ~100 MB response through the parser without ever holding it: no 10 MB
    /// ceiling. (Flat memory is measured per process in HotelCLITests/MemoryTests, where
    /// other tests cannot add to the figure.)
    @Test("a 100 MB response parses")
    func hundredMegabytes() throws {
        var rng = SplitMix64(seed: 5)
        let batch = (0..<1000).map { _ in
            var hotel = RandomText.hotel(&rng)
            hotel.name = "Hotel \(Int.random(in: 0...1_000_000, using: &rng)) & Résidence 서울 \"Plaza\""
            return hotel
        }
        var writer = SOAPResponseWriter(version: .v11)
        writer.beginSearchResults(totalCount: 0, offset: 0)
        let head = writer.takeBytes()
        for hotel in batch { try writer.append(hotel) }
        let batchBytes = writer.takeBytes()
        let tail = writer.finishSearchResults()
        let batches = 100_000_000 / batchBytes.count + 1

        var count = 0
        let parser = SOAPMessageParser { _ in count += 1 }
        try parser.feed(head)
        var total = head.count
        for _ in 0..<batches {
            try parser.feed(batchBytes)
            total += batchBytes.count
        }
        try parser.feed(tail)
        _ = try parser.finish()
        #expect(total > 100_000_000)
        #expect(count == batches * 1000)
    }
}
