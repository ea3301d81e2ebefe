import ChildProcess
import Foundation
import Testing

/// `hotels serve` and `hotels seed` as an operator uses them.
@Suite("hotels serve and seed", .serialized)
struct ServeCommandTests {
    @Test("a port in use: exit 69 saying so")
    func portInUse() async throws {
        let server = try await LiveServer.start()
        let port = String(server.url.split(separator: ":").last!)
        let result = try await HotelsBinary.run(["serve", "--port", port, "--catalog", try await LiveServer.catalogPath()])
        #expect(result.status == 69)
        #expect(result.stderr.contains("already in use"), "\(result.stderr)")
    }

    @Test("a missing catalog or a file that is not one: exit 66 naming it")
    func badCatalog() async throws {
        let missing = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", "/nonexistent/hotels.sqlite"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/hotels.sqlite"))
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-catalog-\(getpid()).sqlite")
        try "just text".write(to: text, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: text) }
        let wrong = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", text.path])
        #expect(wrong.status == 66)
        #expect(wrong.stderr.contains("not a HotelSearch catalog"), "\(wrong.stderr)")
    }

    @Test("a missing catalog names the file and the seed command that makes it, which works as printed")
    func missingCatalog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-seed-hint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("world.sqlite").path
        let result = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", path])
        #expect(result.status == 66)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("catalog not found: \(path)"), "\(result.stderr)")
        let hint = "make one with: hotels seed --output \(path)"
        #expect(result.stderr.hasSuffix(hint + "\n"), "\(result.stderr)")
        // The suggested command, as printed.
        let suggested = hint.dropFirst("make one with: hotels ".count).split(separator: " ").map(String.init)
        let seeded = try await HotelsBinary.run(suggested)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "a damaged catalog at start-up (cut to half, to one page, overwritten from 4 KiB): exit 66, one line naming the file and the damage",
        arguments: ["half", "page", "overwritten"])
    func damagedCatalog(_ damage: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.copyItem(atPath: try await LiveServer.catalogPath(), toPath: path)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        switch damage {
        case "half": #expect(truncate(path, off_t(size / 2)) == 0)
        case "page": #expect(truncate(path, 4096) == 0)
        default:
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data((0..<(size - 4096)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }))
            try handle.close()
        }
        let result = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", path])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(path), "\(result.stderr)")
        #expect(result.stderr.contains("truncated") || result.stderr.contains("damaged"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "it must not start listening")
    }

    @Test("without --catalog: the demo catalog is built once in the cache directory, then reused")
    func demoCatalog() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        func start() async throws {
            let process = try ChildProcess(
                [HotelsBinary.url.path, "serve", "--port", "0"], stdout: .capture, environment: ["XDG_CACHE_HOME": cache.path])
            let line = try await process.waitForLine(containing: "", timeout: 300)
            #expect(line.contains("10000 hotels"), "\(line)")
            process.send(SIGTERM)
            _ = try await process.waitForExit()
        }
        try await start()
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("hotelsearch").path).filter {
            $0.hasSuffix(".sqlite")
        }
        #expect(files.count == 1)
        let file = cache.appendingPathComponent("hotelsearch").appendingPathComponent(files[0]).path
        let built = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
        try await start()
        let after = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
        #expect(built == after, "the second start must reuse the catalog, not rebuild it")
    }

    /// Determinism of the data itself is covered by HotelServerTests/SeederTests.
    @Test("seed writes the catalog and refuses to overwrite without --force")
    func seed() async throws {
        let dir = FileManager.default.temporaryDirectory
        let a = dir.appendingPathComponent("seed-a-\(getpid()).sqlite").path
        let b = dir.appendingPathComponent("seed-b-\(getpid()).sqlite").path
        defer {
            try? FileManager.default.removeItem(atPath: a)
            try? FileManager.default.removeItem(atPath: b)
        }
        let first = try await HotelsBinary.run(["seed", "--count", "500", "--seed", "3", "--output", a])
        #expect(first.status == 0)
        #expect(first.stdout.contains("wrote 500 hotels"))
        #expect(try await HotelsBinary.run(["seed", "--count", "500", "--output", a]).status == 64)
        #expect(try await HotelsBinary.run(["seed", "--count", "500", "--output", a, "--force"]).status == 0)
        #expect(try await HotelsBinary.run(["seed", "--count", "0", "--output", b, "--force"]).status == 64)
    }

    @Test("--help of every command has examples", arguments: ["search", "serve", "seed", "import", "export", "parse"])
    func help(_ command: String) async throws {
        let result = try await HotelsBinary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
    }
}
