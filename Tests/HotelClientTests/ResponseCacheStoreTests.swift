import Foundation
import HotelSOAP
import Testing

@testable import HotelClient

/// The response cache's store on its own: the size cap, recordings as a body streams, 304
/// refreshes and keys. Through the binary and a real server: `ResponseCacheTests` in HotelCLITests.
@Suite("ResponseCache: the store")
struct ResponseCacheStoreTests {
    @Test("the size cap: least recently used entries go first")
    func leastRecentlyUsed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lru-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each entry is 1,000 bytes of body and the 512-byte header: 1,512 on disk.
        let cache = ResponseCache(directory: directory, capacity: 16_000)
        let body = [UInt8](repeating: 65, count: 1_000)
        let endpoint = URL(string: "http://example.test/soap")!
        let key = { (i: Int) in
            cache.key(
                for: SOAPRequest(version: .v11, action: nil, body: Array("request \(i)".utf8)), endpoint: endpoint, dialect: "d",
                principal: .anonymous)
        }
        for i in 0..<9 {
            cache.store(key(i), storedAt: Date(), maxAge: 60, etag: nil, body: body)
            // Modification times order the entries; make them distinct.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(i - 100))],
                ofItemAtPath: directory.appendingPathComponent(key(i) + ".response").path)
        }
        #expect(cache.load(key(0)) != nil)  // 0 is now the most recent
        for i in 9..<12 { cache.store(key(i), storedAt: Date(), maxAge: 60, etag: nil, body: body) }
        #expect(cache.stats().bytes <= 16_000)
        #expect(cache.load(key(0)) != nil, "the most recently used went")
        #expect(cache.load(key(1)) == nil, "the least recently used stayed")
        #expect(cache.load(key(11))?.body == body)
    }

    @Test("a recording is invisible until committed; abandoned, cut off or over the entry limit it leaves no file")
    func recording() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ResponseCache(directory: directory, capacity: 4 << 20)  // entries up to 1 MiB
        let piece = [UInt8](repeating: 0x41, count: 100_000)
        func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() }

        let whole = try #require(cache.record("whole", storedAt: Date(), maxAge: 60, etag: "\"e1\""))
        for _ in 0..<5 { piece.withUnsafeBytes { whole.append($0) } }
        #expect(cache.load("whole") == nil, "visible before commit")
        whole.commit()
        let entry = try #require(cache.load("whole"))
        #expect(entry.bodyBytes == 500_000 && entry.etag == "\"e1\"" && entry.body == Array(repeating: 0x41, count: 500_000))
        var pieces = 0
        try entry.read {
            #expect($0.count <= 64 * 1024)
            pieces += 1
        }
        #expect(pieces == 8)

        do {
            let cut = try #require(cache.record("cut", storedAt: Date(), maxAge: 60, etag: nil))
            piece.withUnsafeBytes { cut.append($0) }
        }  // dropped without commit, as when the reader throws
        let tooLarge = try #require(cache.record("large", storedAt: Date(), maxAge: 60, etag: nil))
        for _ in 0..<11 { piece.withUnsafeBytes { tooLarge.append($0) } }
        #expect(!tooLarge.isRecording)
        tooLarge.commit()
        #expect(cache.record("declared", storedAt: Date(), maxAge: 60, etag: nil, expectedBytes: 2 << 20) == nil)
        #expect(cache.load("cut") == nil && cache.load("large") == nil)
        let left = try files()
        #expect(left == ["whole.response"], "left behind: \(left)")
    }

    @Test("a 304 refreshes the entry's date and validator, body unchanged")
    func refresh() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ref-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ResponseCache(directory: directory)
        let body = (0..<300_000).map { UInt8($0 % 251) }
        cache.store("k", storedAt: Date(timeIntervalSince1970: 1e9), maxAge: 0, etag: "\"old\"", body: body)
        let old = try #require(cache.load("k"))
        cache.refresh("k", old, storedAt: Date(), maxAge: 60, etag: "\"new\"")
        let new = try #require(cache.load("k"))
        #expect(new.isFresh(at: Date()) && new.etag == "\"new\"" && new.body == body)
        #expect(old.body == body, "an entry loaded before the refresh still reads its own file")
    }

    @Test("an OpenTravel request has the same key each time, though its EchoToken and TimeStamp change")
    func otaKey() throws {
        let cache = ResponseCache(directory: FileManager.default.temporaryDirectory)
        let endpoint = URL(string: "http://example.test/ota")!
        let one = try OTADialect().searchRequest(HotelQuery(city: "Rome"), page: .first(size: 10), version: .v11)
        let two = try OTADialect().searchRequest(HotelQuery(city: "Rome"), page: .first(size: 10), version: .v11)
        #expect(one.body != two.body)
        let key = { (request: SOAPRequest) in cache.key(for: request, endpoint: endpoint, dialect: "OpenTravel", principal: .anonymous) }
        #expect(key(one) == key(two))
        let other = try OTADialect().searchRequest(HotelQuery(city: "Roma"), page: .first(size: 10), version: .v11)
        #expect(key(one) != key(other))
    }

}
