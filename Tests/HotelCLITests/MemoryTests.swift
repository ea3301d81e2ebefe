import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// Streaming means flat memory: `hotels parse` of a 100 MB response stays under 60 MB of
/// resident memory, no more than for a 10 MB one. Measured per child process (wait4), so
/// other tests running alongside do not count.
@Suite("Memory", .serialized)
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
        _ = try await ChildProcess.run(["python3", Self.generator, "30000", small])
        _ = try await ChildProcess.run(["python3", Self.generator, "300000", large])
        let largeSize = try FileManager.default.attributesOfItem(atPath: large)[.size] as! Int
        #expect(largeSize > 100_000_000)
        let a = try await HotelsBinary.measure(["parse", small])
        let b = try await HotelsBinary.measure(["parse", large])
        #expect(a.status == 0 && b.status == 0)
        #expect(b.maxRSSKiB < 60 * 1024, "peak RSS \(b.maxRSSKiB / 1024) MB for \(largeSize / 1_000_000) MB")
        #expect(b.maxRSSKiB - a.maxRSSKiB < 8 * 1024, "10x the input grew peak RSS by \((b.maxRSSKiB - a.maxRSSKiB) / 1024) MB")
    }

    /// Issue 30: a dialect file's reader streams as the built-in one does. Measured on the
    /// user's path, the binary under GNU time: an in-process figure shared the test
    /// runner's peak with every other test running beside it.
    @Test("hotels parse --dialect Dialects/hotel-search.yaml streams 100 MB to CSV in flat memory")
    func dialectFileFlatMemory() async throws {
        let dir = FileManager.default.temporaryDirectory
        let small = dir.appendingPathComponent("mem-dialect-small-\(getpid()).xml").path
        let large = dir.appendingPathComponent("mem-dialect-large-\(getpid()).xml").path
        defer {
            try? FileManager.default.removeItem(atPath: small)
            try? FileManager.default.removeItem(atPath: large)
        }
        _ = try await ChildProcess.run(["python3", Self.generator, "30000", small])
        _ = try await ChildProcess.run(["python3", Self.generator, "300000", large])
        let largeSize = try FileManager.default.attributesOfItem(atPath: large)[.size] as! Int
        #expect(largeSize > 100_000_000)
        let dialect = Repository.path("Dialects/hotel-search.yaml")
        let a = try await HotelsBinary.measure(["parse", small, "--dialect", dialect], discardingOutput: true)
        let b = try await HotelsBinary.measure(["parse", large, "--dialect", dialect, "--format", "csv"], discardingOutput: true)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(b.maxRSSKiB < 60 * 1024, "peak RSS \(b.maxRSSKiB / 1024) MB for \(largeSize / 1_000_000) MB")
        #expect(b.maxRSSKiB - a.maxRSSKiB < 8 * 1024, "10x the input grew peak RSS by \((b.maxRSSKiB - a.maxRSSKiB) / 1024) MB")
    }

    @Test("one 300 MB text field: refused at the field limit (exit 65, naming it), memory stays flat")
    func hugeField() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mem-field-\(getpid()).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A valid envelope whose one hotel name is 300 MB: the shape a compressed body that
        // inflates to gigabytes takes once inflated.
        let head = Data(
            #"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><h:SearchHotelsResponse xmlns:h="urn:hotel-search:v1"><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset><h:Hotel><h:HotelId>H1</h:HotelId><h:Name>"#
                .utf8)
        _ = FileManager.default.createFile(atPath: path, contents: head)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<300 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("</h:Name></h:Hotel></h:SearchHotelsResponse></soap:Body></soap:Envelope>".utf8))
        try handle.close()
        let run = try await HotelsBinary.measure(["parse", path])
        #expect(run.status == 65)
        #expect(run.maxRSSKiB < 100 * 1024, "peak RSS \(run.maxRSSKiB / 1024) MB")
    }

    /// A cache directory of its own, so what one test keeps or leaves is its own to check.
    static func freshCache() throws -> (environment: [String: String], responses: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mem-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return (["XDG_CACHE_HOME": root.path], root.appendingPathComponent("hotelsearch/responses"))
    }

    /// What is left in a cache directory: entries and temporary files.
    static func leftovers(_ responses: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: responses.path)) ?? []).sorted()
    }

    @Test(
        "cache on (default flags), compressed bombs whose one field inflates past 1 GiB: exit 65 naming the field, peak RSS under 64 MB",
        arguments: ["gzipbomb", "deflatebomb"])
    func compressedBomb(_ mode: String) async throws {
        let server = try await ScriptedServer(mode, "1")
        let cache = try Self.freshCache()
        let run = try await HotelsBinary.measure(["search", "--endpoint", server.url, "--city", "Oslo"], environment: cache.environment)
        #expect(run.status == 65)
        #expect(run.stderr.contains("Name is longer than 1048576 bytes"), "\(run.stderr)")
        #expect(run.stderr.contains(server.url), "the message names the URL: \(run.stderr)")
        #expect(run.maxRSSKiB > 0 && run.maxRSSKiB < 64 * 1024, "peak RSS \(run.maxRSSKiB / 1024) MB")
        #expect(Self.leftovers(cache.responses).isEmpty, "a refused response was kept: \(Self.leftovers(cache.responses))")
    }

    @Test("cache on (default flags), a 400 MB response: every row, peak RSS under 64 MB, nothing kept past the entry limit")
    func largeResponse() async throws {
        let server = try await ScriptedServer("big", "400")
        let cache = try Self.freshCache()
        let run = try await HotelsBinary.measure(
            ["search", "--endpoint", server.url, "--city", "Seoul", "--format", "tsv"], environment: cache.environment,
            discardingOutput: true)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.maxRSSKiB > 0 && run.maxRSSKiB < 64 * 1024, "peak RSS \(run.maxRSSKiB / 1024) MB")
        #expect(Self.leftovers(cache.responses).isEmpty, "kept or left behind: \(Self.leftovers(cache.responses))")
    }

    @Test("cache on (default flags), search --all over 1,000 pages: every row once, each page kept, peak RSS under 64 MB")
    func thousandPageWalk() async throws {
        let server = try await LiveServer.start()
        let cache = try Self.freshCache()
        let run = try await HotelsBinary.measure(
            ["search", "--endpoint", server.endpoint, "--all", "--page-size", "3", "--format", "tsv"], environment: cache.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3001, "a header and 3,000 rows")
        #expect(Set(lines.map { $0.prefix { $0 != "\t" } }).count == 3001, "a row twice")
        #expect(run.maxRSSKiB > 0 && run.maxRSSKiB < 64 * 1024, "peak RSS \(run.maxRSSKiB / 1024) MB")
        let entries = Self.leftovers(cache.responses)
        #expect(entries.filter { $0.hasSuffix(".response") }.count == 1000 && !entries.contains { $0.hasSuffix(".tmp") })
    }

    @Test("cache on (default flags), hotels browse against a 400 MB page: the table shows its page, peak RSS under 64 MB")
    func browseLargeResponse() async throws {
        let server = try await ScriptedServer("big", "400")
        try await DemoTmuxTests().withTmux { tmux in
            let report = tmux.cache.appendingPathComponent("maxrss")
            try FileManager.default.createDirectory(at: tmux.cache, withIntermediateDirectories: true)
            let command =
                "XDG_CACHE_HOME=\(tmux.cache.path) /usr/bin/time -f %M -o \(report.path) \(HotelsBinary.url.path) browse "
                + "--endpoint \(server.url) --city Seoul --images none; echo EXIT=$?; sleep 600"
            let started = try await tmux.run(["new-session", "-d", "-s", "t", "-x", "120", "-y", "32", command])
            try #require(started.status == 0, "tmux: \(started.stderr)")
            try await tmux.waitFor("the first page of the 400 MB answer", timeout: .seconds(120)) {
                $0.contains("Hotel 0 Résidence") && $0.contains("row 1 of")
            }
            try await tmux.keys("q")
            try await tmux.waitFor("browse to exit") { $0.contains("EXIT=") }
            #expect(try await tmux.capture().contains("EXIT=0"))
            let rss = Int(try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last ?? "") ?? -1
            #expect(rss > 0 && rss < 64 * 1024, "peak RSS \(rss / 1024) MB")
        }
    }
}
