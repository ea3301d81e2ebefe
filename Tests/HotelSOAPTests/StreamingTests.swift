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

    /// A hotel is handed out as soon as its end tag has been fed, however few bytes follow:
    /// a server that sends a hotel and pauses must not hold its row back for the pause.
    @Test("each hotel is handed out as soon as its end tag is fed, never before", arguments: [SOAPVersion.v11, .v12])
    func handsOutOnTime(_ version: SOAPVersion) throws {
        let body = try Self.page(200, version: version)
        let closings = Self.ends(of: Array("</h:Hotel>".utf8), in: body)
        #expect(closings.count == 200)
        var seen = 0
        let parser = SOAPMessageParser { _ in seen += 1 }
        var fed = 0
        // Pieces that end right after a hotel, and pieces of 997 bytes that end anywhere
        // (inside tags, names and text) in between.
        var cuts = Set(closings)
        cuts.formUnion(stride(from: 997, to: body.count, by: 997))
        for cut in cuts.sorted() + [body.count] where cut > fed {
            try parser.feed(body[fed..<cut])
            fed = cut
            let complete = closings.filter { $0 <= fed }.count
            #expect(seen == complete, "after \(fed) of \(body.count) bytes: \(seen) hotels out, \(complete) complete")
        }
        guard case .searchResults(let page) = try parser.finish().message else {
            Issue.record("not a page")
            return
        }
        #expect(seen == 200)
        #expect(page.totalCount == 200 && page.hotels.isEmpty)
    }

    /// The same in UTF-16, where the comment that stands in for libxml2's lookahead must
    /// be spelled in two-byte units.
    @Test("UTF-16: each hotel is handed out as soon as its end tag is fed")
    func handsOutOnTimeUTF16() throws {
        let sample = String(decoding: try Self.page(20), as: UTF8.self)
        var body: [UInt8] = [0xFF, 0xFE]
        for unit in sample.utf16 { body += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let closings = Self.ends(of: Array("</h:Hotel>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), in: body)
        #expect(closings.count == 20)
        var seen = 0
        let parser = SOAPMessageParser { _ in seen += 1 }
        var fed = 0
        for cut in closings + [body.count] {
            try parser.feed(body[fed..<cut])
            fed = cut
            #expect(seen == closings.filter { $0 <= fed }.count, "after \(fed) bytes")
        }
        _ = try parser.finish()
        #expect(seen == 20)
    }

    /// The stand-in lookahead must not move error positions: a malformed document fed in
    /// pieces reports the line and column it reports whole.
    @Test("error positions are the same in pieces as whole")
    func errorPositionsUnmoved() throws {
        var text = String(decoding: try Self.page(30), as: UTF8.self)
        let hotels = Self.ends(of: Array("</h:Hotel>".utf8), in: Array(text.utf8))
        // A mismatched end tag on the one long line, well after several pieces.
        let at = text.utf8.index(text.utf8.startIndex, offsetBy: hotels[20])
        text.insert(contentsOf: "<h:Oops></h:Opps>", at: at)
        let body = Array(text.utf8)
        let whole = #expect(throws: SOAPParseError.self) { try SOAPMessageParser.parse(body) }
        let parser = SOAPMessageParser()
        let pieces = #expect(throws: SOAPParseError.self) {
            var fed = 0
            for cut in hotels + [body.count] where cut > fed {
                try parser.feed(body[fed..<cut])
                fed = cut
            }
            _ = try parser.finish()
        }
        #expect(whole?.kind == .malformed)
        #expect(
            pieces?.line == whole?.line && pieces?.column == whole?.column, "\(String(describing: pieces)) vs \(String(describing: whole))")
    }

    /// The offsets just past each occurrence of `needle`.
    static func ends(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard haystack.count >= needle.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }.map {
            $0 + needle.count
        }
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

    /// libxml2 runs on its own stack and waits there for bytes (SAXDriver): a parser
    /// dropped mid-response must unwind it without one more callback, and free it.
    @Test("a parser dropped mid-response calls back no more and frees its parse")
    func droppedHalfway() throws {
        let body = try Self.page(200)
        for _ in 0..<40 {  // more than the stacks kept for reuse
            var seen = 0
            do {
                let parser = SOAPMessageParser { _ in seen += 1 }
                try parser.feed(body[..<(body.count / 2)])
            }
            #expect(seen > 50 && seen < 200)
            let after = seen
            _ = try SOAPMessageParser.parseSearchPage(body)  // another parse, maybe on the same stack
            #expect(seen == after)
        }
    }

    /// Across `await`s a task resumes on any thread of the pool; the suspended parse must
    /// follow it there, and parses in flight side by side must not see each other's bytes.
    @Test("parses interleaved across tasks and threads each get their own hotels")
    func interleavedAcrossThreads() async throws {
        let pages = try (0..<8).map { i in try Self.page(300 + i, version: i % 2 == 0 ? .v11 : .v12) }
        let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for (i, body) in pages.enumerated() {
                group.addTask {
                    var seen = 0
                    let parser = SOAPMessageParser { _ in seen += 1 }
                    for start in stride(from: 0, to: body.count, by: 3000) {
                        try parser.feed(body[start..<min(start + 3000, body.count)])
                        await Task.yield()
                    }
                    guard case .searchResults(let page) = try parser.finish().message else { return (i, -1) }
                    return (i, page.totalCount == seen ? seen : -1)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for i in 0..<8 { #expect(counts[i] == 300 + i) }
    }

    @Test("a parse may move to another thread between two chunks")
    func movesBetweenThreads() throws {
        let body = try Self.page(100)
        // Fed from one fresh thread per chunk, strictly one after another. The lock only
        // hands the parser over; no two threads ever want it at once.
        let parser = Locked(SOAPMessageParser())
        for start in stride(from: 0, to: body.count, by: 2000) {
            let chunk = Array(body[start..<min(start + 2000, body.count)])
            let done = DispatchSemaphore(value: 0)
            let failure = Locked<(any Error)?>(nil)
            Thread {
                do { try parser.withLock { try $0.feed(chunk) } } catch { failure.withLock { $0 = error } }
                done.signal()
            }.start()
            done.wait()
            if let error = failure.withLock({ $0 }) { throw error }
        }
        #expect(try parser.withLock { try $0.finish() } == SOAPMessageParser.parse(body))
    }

    /// Bytes after the last `>` of a chunk wait for the next one (CXMLPull), but only up to
    /// 64 KiB: a longer text goes to libxml2 anyway, cut before a `&` or `<` near its end.
    @Test("a 300 KB text with entities and multi-byte characters, fed in odd pieces, parses as a whole one")
    func longText() throws {
        let unit = "Zimmer mit Blick & Frühstück <täglich> 東京 "
        let description = String(repeating: unit, count: 300_000 / unit.utf8.count)
        var rng = SplitMix64(seed: 3)
        let detail = HotelDetail(hotel: RandomText.hotel(&rng), description: description, imageURLs: [])
        let body = try SOAPResponseWriter.hotelDetail(detail, version: .v12)
        for size in [1000, 4093, 70_001] {
            let parser = SOAPMessageParser()
            for start in stride(from: 0, to: body.count, by: size) {
                try parser.feed(body[start..<min(start + size, body.count)])
            }
            guard case .hotelDetail(let parsed) = try parser.finish().message else {
                Issue.record("not a detail")
                return
            }
            #expect(parsed == detail, "pieces of \(size) bytes")
        }
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
