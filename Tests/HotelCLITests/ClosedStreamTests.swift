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
