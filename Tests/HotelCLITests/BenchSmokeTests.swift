import ChildProcess
import Foundation
import HotelTestSupport
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
        let benchmarks = Repository.root.appendingPathComponent("BENCHMARKS.md")
        let before = try? Data(contentsOf: benchmarks)
        // Waiting suspends: the harness starts a server of its own, and waiting must not hold
        // one of the cooperative threads other tests need.
        let run = try ChildProcess([Self.bench, "--quick"], stdout: .capture, stderr: .capture)
        // A guard against a hang, not a timing: alone the pass takes about 20 s, beside the
        // whole suite on two cores CI saw it take 172 s.
        let termination = try await run.wait(timeout: 600)
        #expect(termination == .exited(0), "stderr:\n\(run.stderr)")
        let output = run.stdout
        for section in [
            "Parse", "OpenTravel parse", "Memory", "Terminal", "End to end", "Browse", "Server", "Serving while importing",
            "PostgreSQL beside SQLite",
        ] {
            #expect(output.contains("== \(section) =="), "no \(section) section in:\n\(output)")
        }
        #expect(output.contains("rows/s"))
        // The OpenTravel rows: the reader in process and hotels parse as a whole process.
        #expect(output.contains("OTAAvailResponseReader") && output.contains("--format csv` (whole process)"), "\(output)")
        #expect(output.contains("skipped in --quick"))
        // PostgreSQL is a test dependency (scripts/setup-test-deps): the quick pass starts the
        // real stack, checks that every store answers alike, and stops it.
        #expect(output.contains("started, answered alike and stopped"), "\(output)")
        #expect(run.stderr.contains("BENCHMARKS.md not written"))
        #expect((try? Data(contentsOf: benchmarks)) == before)
    }

    @Test("hotels-bench --help explains the modes and measures nothing")
    func help() async throws {
        let run = try ChildProcess([Self.bench, "--help"], stdout: .capture, stderr: .capture)
        #expect(try await run.wait(timeout: 30) == .exited(0))
        #expect(run.stdout.contains("USAGE: hotels-bench"))
        #expect(run.stdout.contains("--parse-only"))
        #expect(run.stdout.contains("--ota-only"))
        #expect(run.stdout.contains("--postgres-only"))
        #expect(run.stdout.contains("--server-only"))
        #expect(run.stdout.contains("--end-to-end-only"))
        #expect(run.stdout.contains("--import-only [ROWS]"))
        #expect(run.stdout.contains("--import-speed [ROWS]"))
        #expect(run.stdout.contains("--scaling-plan [CPUS]"))
        #expect(run.stdout.contains("EXAMPLES"))
        #expect(!run.stderr.contains("generating"), "help must not start a run:\n\(run.stderr)")
    }

    @Test(
        "hotels-bench rejects an unknown option with exit 64 before measuring",
        arguments: [
            ["--fast"], ["--quick", "extra"], ["--profile-parse"], ["--parse-only", "a.xml", "b.xml"], ["--ota-only", "a.xml", "b.xml"],
            ["--server-only", "x"], ["--end-to-end-only", "x"], ["--import-only", "many"], ["--import-only", "0"],
            ["--import-only", "10", "x"], ["--import-speed", "many"], ["--import-speed", "999"], ["--import-speed", "2000", "x"],
            ["--scaling", "x"], ["--scaling-plan", "cores"], ["--scaling-plan", "0-3", "x"],
        ])
    func badUsage(arguments: [String]) async throws {
        let run = try ChildProcess([Self.bench] + arguments, stdout: .capture, stderr: .capture)
        #expect(try await run.wait(timeout: 30) == .exited(64))
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("hotels-bench: ") == true, "stderr:\n\(run.stderr)")
        #expect(lines.last?.hasPrefix("Usage: hotels-bench") == true)
        #expect(lines.count == 2)
    }

    @Test("a file that is not there: one line naming it, exit 1", arguments: ["--parse-only", "--ota-only", "--profile-parse"])
    func missingFile(option: String) async throws {
        let run = try ChildProcess([Self.bench, option, "/nonexistent/response.xml"], stdout: .capture, stderr: .capture)
        #expect(try await run.wait(timeout: 30) == .exited(1))
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr:\n\(run.stderr)")
        #expect(lines.first?.hasPrefix("hotels-bench: cannot ") == true)
        #expect(lines.first?.contains("/nonexistent/response.xml") == true)
    }

    /// The pinning `--scaling` uses, without measuring: on a 16-core machine the issue's
    /// table (server on 1, 2, 4, 8 cores, wrk on the other 8); where only one pinned step
    /// fits, the shared one-loop and two-loop steps beside it.
    @Test("hotels-bench --scaling-plan: the server never shares wrk's cores, steps double")
    func scalingPlan() async throws {
        func plan(_ cpus: String) async throws -> [String] {
            let run = try ChildProcess([Self.bench, "--scaling-plan", cpus], stdout: .capture, stderr: .capture)
            #expect(try await run.wait(timeout: 30) == .exited(0), "stderr:\n\(run.stderr)")
            return run.stdout.split(separator: "\n").map(String.init)
        }
        #expect(
            try await plan("0-15") == [
                "1: server on 0 (1 event loop), wrk on 8-15 (-t8)",
                "2: server on 0-1 (2 event loops), wrk on 8-15 (-t8)",
                "4: server on 0-3 (4 event loops), wrk on 8-15 (-t8)",
                "8: server on 0-7 (8 event loops), wrk on 8-15 (-t8)",
            ])
        #expect(
            try await plan("2,3") == [
                "1: server on 2 (1 event loop), wrk on 3 (-t1)",
                "1 loop, shared: server on 2-3 (1 event loop), wrk on 2-3 (-t2), sharing the server's cores",
                "2 loops, shared: server on 2-3 (2 event loops), wrk on 2-3 (-t2), sharing the server's cores",
            ])
        #expect(try await plan("0-5").first == "1: server on 0 (1 event loop), wrk on 3-5 (-t3)")
        #expect(try await plan("0-5").count == 2)
        #expect(try await plan("7").first?.hasPrefix("no steps") == true)
    }
}
