import Foundation
import Testing

/// Streaming means flat memory: `hotels parse` of a 100 MB response stays under 60 MB of
/// resident memory, no more than for a 10 MB one. Measured per child process (wait4), so
/// other tests running alongside do not count.
@Suite("Memory")
struct MemoryTests {
    static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Support/Scripts/make_response.py"
    ).path

    @Test("hotels parse streams 100 MB to CSV in flat memory")
    func flatMemory() async throws {
        let dir = FileManager.default.temporaryDirectory
        let small = dir.appendingPathComponent("mem-small-\(getpid()).xml").path
        let large = dir.appendingPathComponent("mem-large-\(getpid()).xml").path
        defer {
            try? FileManager.default.removeItem(atPath: small)
            try? FileManager.default.removeItem(atPath: large)
        }
        // Python writes the inputs: fast, and a different writer from ours.
        _ = try await HotelsBinary.run(["python3", Self.generator, "30000", small], executable: "/usr/bin/env")
        _ = try await HotelsBinary.run(["python3", Self.generator, "300000", large], executable: "/usr/bin/env")
        let largeSize = try FileManager.default.attributesOfItem(atPath: large)[.size] as! Int
        #expect(largeSize > 100_000_000)
        let a = try await HotelsBinary.measure(["parse", small])
        let b = try await HotelsBinary.measure(["parse", large])
        #expect(a.status == 0 && b.status == 0)
        #expect(b.maxRSSKiB < 60 * 1024, "peak RSS \(b.maxRSSKiB / 1024) MB for \(largeSize / 1_000_000) MB")
        #expect(b.maxRSSKiB - a.maxRSSKiB < 8 * 1024, "10x the input grew peak RSS by \((b.maxRSSKiB - a.maxRSSKiB) / 1024) MB")
    }
}
