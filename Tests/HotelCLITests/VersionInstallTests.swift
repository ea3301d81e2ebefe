import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// `hotels --version` and `scripts/install`: how a user learns which build they run, and
/// puts it on PATH.
@Suite("hotels --version and scripts/install", .serialized)
struct VersionInstallTests {
    /// `hotels 0.9.0 (7dd77a5)` split into its version and commit; nil when it is not that shape.
    static func parse(_ line: String) -> (version: String, commit: String)? {
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "hotels" else { return nil }
        let numbers = words[1].split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        guard words[2].hasPrefix("("), words[2].hasSuffix(")") else { return nil }
        let commit = String(words[2].dropFirst().dropLast())
        let isHex = commit.count >= 7 && commit.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        guard isHex || commit == "unknown" else { return nil }
        return (String(words[1]), commit)
    }

    @Test("--version: 'hotels VERSION (COMMIT)' on stdout, exit 0, the commit the build saw")
    func version() async throws {
        let result = try await HotelsBinary.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        let stamp = try #require(Self.parse(line), "not 'hotels X.Y.Z (commit)': \(line)")
        // The binary was built from this checkout (the build runs before the tests), so its
        // commit is HEAD's: unless it says unknown (git not usable where it was built).
        let head = try await ChildProcess.run(["git", "-C", Repository.root.path, "rev-parse", "--short", "HEAD"])
        if stamp.commit != "unknown", head.status == 0 {
            #expect(stamp.commit == head.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "built from another commit?")
        }
        // A subcommand's --version is the program's.
        let nested = try await HotelsBinary.run(["search", "--version"])
        #expect(nested.status == 0 && nested.stdout == result.stdout, "\(nested.stdout)\(nested.stderr)")
    }

    @Test("scripts/install --build-dir: bin/hotels links to the copy beside its resource bundles, and runs from there")
    func install() async throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let build = HotelsBinary.url.deletingLastPathComponent()
        let installed = try await ChildProcess.run(
            [Repository.path("scripts/install"), "--prefix", prefix.path, "--build-dir", build.path],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        let binary = prefix.appendingPathComponent("bin/hotels")
        let version = try await ChildProcess.run([binary.path, "--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(Self.parse(version.stdout.trimmingCharacters(in: .newlines)) != nil, "\(version.stdout)")
        #expect(installed.stdout.contains("installed \(version.stdout.trimmingCharacters(in: .newlines)) to \(binary.path)"))
        #expect(installed.stdout.contains("is not on PATH"), "the hint for a prefix not on PATH")

        // bin/hotels is a link to lib/hotelsearch/hotels, beside a copy of every bundle of the build.
        let lib = prefix.appendingPathComponent("lib/hotelsearch")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: binary.path)
        #expect(
            URL(fileURLWithPath: target, relativeTo: binary.deletingLastPathComponent()).standardizedFileURL.path
                == lib.appendingPathComponent("hotels").path)
        let bundles = try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.hasSuffix(".resources") }
        #expect(
            bundles.contains("HotelSearch_HotelSeeder.resources") && bundles.contains("HotelSearch_HotelServer.resources"), "\(bundles)")
        for bundle in bundles {
            #expect(FileManager.default.fileExists(atPath: lib.appendingPathComponent(bundle).path), "\(bundle) not copied")
        }

        // The seeder reads its cities and words from its bundle (Bundle.module).
        let catalog = prefix.appendingPathComponent("x.sqlite")
        let seeded = try await ChildProcess.run([binary.path, "seed", "--count", "50", "--output", catalog.path])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        #expect(seeded.stdout.contains("wrote 50 hotels"), "\(seeded.stdout)")
    }

    @Test("scripts/install: an unknown option or a build folder without hotels is refused")
    func installRefuses() async throws {
        let unknown = try await ChildProcess.run([Repository.path("scripts/install"), "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--bogus"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try await ChildProcess.run(
            [Repository.path("scripts/install"), "--prefix", empty.appendingPathComponent("p").path, "--build-dir", empty.path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no hotels binary"), "\(missing.stderr)")
    }
}
