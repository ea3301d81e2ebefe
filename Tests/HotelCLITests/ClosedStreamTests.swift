import ChildProcess
import Foundation
import Testing

/// A closed standard error loses the message, never the exit code: the code a script
/// sees is the one documented, not a trap (132) or a signal.
@Suite("Output streams: closed stderr")
struct ClosedStreamTests {
    /// Runs `hotels ARGUMENTS` under bash with `redirection` applied (e.g. `2>&-`) and
    /// returns its exit status.
    func status(_ arguments: [String], redirection: String) async throws -> Int32 {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let bash = try ChildProcess(
            ["/bin/bash", "-c", "'\(HotelsBinary.url.path)' \(quoted) >/dev/null \(redirection)"], stderr: .inherit)
        return try await bash.waitForExit().code
    }

    @Test("an error with stderr closed: still exit 69")
    func closedStderr() async throws {
        #expect(try await status(["search", "--endpoint", "http://127.0.0.1:9/soap", "--retries", "0"], redirection: "2>&-") == 69)
    }

    @Test("a usage error with stderr closed: still exit 64")
    func usageClosedStderr() async throws {
        #expect(try await status(["search", "--endpoint", "not a url"], redirection: "2>&-") == 64)
    }

    @Test("a malformed file with stderr closed: still exit 65")
    func parseClosedStderr() async throws {
        #expect(try await status(["parse", HotelsBinary.sample("responses/malformed-mismatched-tag.xml")], redirection: "2>&-") == 65)
    }
}

/// A reader that goes away early (`| head -1`): `search` stops at once, quietly, with exit 0
/// as `cat`, `grep`, `rg` and `jq` do; `--strict-pipe` makes it exit 74 with one line.
@Suite("Output streams: closed stdout")
struct ClosedOutputTests {
    /// `hotels search --all` over the shared server's 3,000 hotels (far more than a pipe
    /// holds) into `| head -1`: the exit status and what it wrote on stderr.
    func searchIntoHead(_ options: [String]) async throws -> (status: Int32, stderr: String) {
        let server = try await LiveServer.shared()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-head-\(UUID().uuidString).stderr")
        defer { try? FileManager.default.removeItem(at: errors) }
        let arguments = ["search", "--endpoint", server.endpoint, "--all", "--no-cache"] + options
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let bash = try ChildProcess(
            [
                "/bin/bash", "-c",
                "'\(HotelsBinary.url.path)' \(quoted) 2>'\(errors.path)' | head -1 >/dev/null; exit ${PIPESTATUS[0]}",
            ], stderr: .inherit, environment: HotelsBinary.environment([:]))
        let status = try await bash.waitForExit().code
        return (status, try String(contentsOf: errors, encoding: .utf8))
    }

    @Test("search … | head -1: exit 0 and nothing on stderr")
    func quiet() async throws {
        let (status, errors) = try await searchIntoHead([])
        #expect(status == 0, "\(errors)")
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("search --strict-pipe … | head -1: exit 74 and one line saying the pipe closed")
    func strict() async throws {
        let (status, errors) = try await searchIntoHead(["--strict-pipe"])
        #expect(status == 74, "\(errors)")
        #expect(errors.split(separator: "\n").count == 1, "\(errors)")
        #expect(errors.contains("pipe was closed"), "\(errors)")
    }
}
