import ChildProcess
import Foundation
import HotelTestSupport

/// Runs the built `hotels` executable, as a user or a script would.
struct HotelsBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }

        init(_ outcome: ChildProcess.Outcome) {
            status = outcome.status
            stdout = outcome.stdout
            stderr = outcome.stderr
        }
    }

    /// The `hotels` binary beside the test bundle in the build folder.
    static let url: URL = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("hotels")
    }()

    static func sample(_ relative: String) -> String {
        Repository.root.appendingPathComponent("Samples").appendingPathComponent(relative).path
    }

    /// One cache directory for every run of this test process.
    static let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-tests-cache-\(getpid())").path

    /// The tests' own cache directory (responses, logos, the demo catalog), not the user's:
    /// a test run neither reads what a person's runs left nor leaves anything there.
    /// `environment` comes on top.
    static func environment(_ environment: [String: String]) -> [String: String] {
        ["XDG_CACHE_HOME": cacheHome].merging(environment) { $1 }
    }

    /// Runs the binary to completion, its output captured in files (`ChildProcess.run`):
    /// the test suspends meanwhile, holding none of the cooperative threads that other
    /// tests and in-process servers need. `status` is 128 + N for death by signal N.
    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) async throws -> Result {
        Result(
            try await ChildProcess.run(
                [url.path] + arguments, stdin: stdin.map { .data($0) } ?? .null, environment: Self.environment(environment)))
    }

    /// Runs the binary under GNU time and returns its exit status and peak resident memory
    /// (KiB) for that process alone. GNU time, not `wait4`'s figure for our own child: a
    /// child of `posix_spawn` starts in the test runner's memory, whose peak Linux would
    /// count as the child's (see `ChildProcess`). `discardingOutput`: standard output goes
    /// to /dev/null (a run that writes hundreds of megabytes) and `stdout` is empty.
    static func measure(_ arguments: [String], environment: [String: String] = [:], discardingOutput: Bool = false) async throws -> (
        status: Int32, maxRSSKiB: Int, stderr: String, stdout: String
    ) {
        let result = try await ChildProcess.run(
            ["/usr/bin/time", "-f", "maxrss=%M", url.path] + arguments, discardingStdout: discardingOutput,
            environment: Self.environment(environment))
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss=") } ?? "maxrss=-1"
        return (result.status, Int(line.dropFirst("maxrss=".count)) ?? -1, result.stderr, result.stdout)
    }
}
