import ChildProcess
import Foundation
import Testing

/// Runs another SOAP stack's client as a child process against the in-process server.
enum ForeignClient {
    static let interopDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Interop")

    static func script(_ name: String) -> String { interopDirectory.appendingPathComponent(name).path }

    /// Fails the test, naming the setup script, when `check` (a shell line) fails: a test
    /// installs nothing, and a missing stack must not read as a pass.
    static func require(_ what: String, check: String) async throws {
        var failure: String?
        do {
            try await run(["sh", "-c", check])
        } catch {
            failure = "\(error)"
        }
        try #require(failure == nil, "\(what) is missing: run scripts/setup-test-deps (\(failure ?? ""))")
    }

    /// Runs `argv` (through `timeout`, so a client stuck on a reply fails the test instead of
    /// hanging it) and returns its standard output. The test suspends meanwhile: the
    /// in-process server needs the cooperative threads to answer the client.
    @discardableResult
    static func run(_ argv: [String], in directory: URL? = nil, seconds: Int = 300) async throws -> String {
        let result = try await ChildProcess.run(["timeout", "\(seconds)"] + argv, directory: directory?.path)
        guard result.status == 0 else {
            throw InteropError(description: "\(argv.joined(separator: " ")) exited \(result.status): \(result.stderr.suffix(3000))")
        }
        return result.stdout
    }

    /// The JSON object a client script printed.
    static func json(_ output: String, from stack: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            "\(stack) printed no JSON object: \(output.prefix(500))")
    }
}
