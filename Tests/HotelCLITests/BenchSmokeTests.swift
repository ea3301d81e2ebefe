import Foundation
import Testing

/// Benchmarks are not timed tests; this only keeps the harness compiling and working:
/// `hotels-bench --quick` (tiny inputs, one run each, no wrk) must finish, report every
/// section, and leave BENCHMARKS.md alone.
@Suite("Benchmark harness")
struct BenchSmokeTests {
    /// Beside the test bundle, like `hotels` (the test target depends on both).
    static let bench = HotelsBinary.url.deletingLastPathComponent().appendingPathComponent("hotels-bench").path

    @Test("hotels-bench --quick runs every section and writes nothing")
    func quickPass() async throws {
        let benchmarks = HotelsBinary.repositoryRoot.appendingPathComponent("BENCHMARKS.md")
        let before = try? Data(contentsOf: benchmarks)
        // posix_spawn, not Process: the harness starts a server of its own, and waiting
        // must not hold one of the cooperative threads other tests need.
        let run = try SpawnedProcess(Self.bench, ["--quick"])
        let termination = try await run.wait(timeout: 120)
        #expect(termination == .exited(0), "stderr:\n\(run.stderr)")
        let output = run.stdout
        for section in ["Parse", "Memory", "Terminal", "End to end", "Browse", "Server"] {
            #expect(output.contains("== \(section) =="), "no \(section) section in:\n\(output)")
        }
        #expect(output.contains("rows/s"))
        #expect(output.contains("skipped in --quick"))
        #expect(run.stderr.contains("BENCHMARKS.md not written"))
        #expect((try? Data(contentsOf: benchmarks)) == before)
    }
}
