import Foundation
import HotelDialectFiles
import HotelSOAP
import Testing

/// Streaming means flat memory: a 100 MB response read through a dialect file grows the
/// process's peak resident memory by less than 64 MB. Named `…MemoryTests` so
/// `scripts/test` runs it on its own, after the rest (`--filter MemoryTests`), where other
/// tests cannot add to the process's peak.
@Suite("Dialect files: memory", .serialized)
struct DialectFileMemoryTests {
    /// `VmHWM` of /proc/self/status, in KiB.
    static func peakKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    @Test("a 100 MB response of 150,000 hotels streams in flat memory, every row handed out")
    func hundredMegabytes() throws {
        let dialect = try DialectFile.load(contentsOf: Repo.fixtures.appendingPathComponent("hotel-search.yaml").path)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-mem-\(getpid()).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        // Written in batches of 1,000 hotels, so writing stays small too.
        var writer = SOAPResponseWriter(version: .v11)
        writer.beginSearchResults(totalCount: 150_000, offset: 0)
        _ = FileManager.default.createFile(atPath: path, contents: Data(writer.takeBytes()))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        for batch in 0..<150 {
            for i in 0..<1000 {
                let n = batch * 1000 + i
                try writer.append(
                    HotelInfo(
                        id: "H\(n)", name: "Hotel \(n) & Résidence 서울 \"Plaza\" with a longer name for realistic size",
                        address: "\(n) Long Street Name, District \(n % 97), 10117 Some City", city: "Berlin", country: "DE",
                        latitude: 52.5 + Double(n % 1000) / 10000, longitude: 13.4 - Double(n % 1000) / 10000, stars: n % 6,
                        price: Money(parsing: "\(n % 900 + 50).\(n % 10)0", "EUR")!, distanceKm: Double(n % 50) / 3,
                        logoURL: "http://localhost:8080/logos/H\(n).png", phone: "+49 30 \(n)",
                        amenities: ["wifi", "breakfast", "gym", "pool", "parking"]))
            }
            try handle.write(contentsOf: Data(writer.takeBytes()))
        }
        try handle.write(contentsOf: Data(writer.finishSearchResults()))
        try handle.close()
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 100_000_000, "\(size) bytes")

        // Reset the peak where the kernel allows it (clear_refs 5), else measure from here.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = try Self.peakKiB()
        var rows = 0
        var lastID = ""
        let reader = dialect.responseReader { hotel in
            rows += 1
            lastID = hotel.id
        }
        let input = try #require(FileHandle(forReadingAtPath: path))
        while let chunk = try input.read(upToCount: 64 << 10), !chunk.isEmpty {
            try chunk.withUnsafeBytes { try reader.feed($0) }
        }
        try input.close()
        let page = try reader.finish().page()
        let after = try Self.peakKiB()
        #expect(rows == 150_000)
        #expect(lastID == "H149999")
        #expect(page.count == 150_000 && page.hotels.isEmpty && page.next == nil)
        #expect(after - before < 64 * 1024, "peak RSS grew by \((after - before) / 1024) MB reading \(size / 1_000_000) MB")
    }
}
