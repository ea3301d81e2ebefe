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
        let failure: String? = try await offPool {
            do {
                try run(["sh", "-c", check])
                return nil
            } catch { return "\(error)" }
        }
        try #require(failure == nil, "\(what) is missing: run scripts/setup-test-deps (\(failure ?? ""))")
    }

    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            // A dedicated thread, not Dispatch: on Linux the global queues have one worker per
            // core, and Foundation's Process needs one of them to notice that a child exited.
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Runs `argv` (through `timeout`, so a client stuck on a reply fails the test instead of
    /// hanging it) and returns its standard output.
    @discardableResult
    static func run(_ argv: [String], in directory: URL? = nil, seconds: Int = 300) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "\(seconds)"] + argv
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        // stderr into a file, not a second pipe: a child that filled that pipe while we read
        // stdout would block forever.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("interop-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let err = try FileHandle(forWritingTo: errorFile)
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? Data(contentsOf: errorFile)) ?? Data()
        guard process.terminationStatus == 0 else {
            throw InteropError(
                description: "\(argv.joined(separator: " ")) exited \(process.terminationStatus): "
                    + "\(String(decoding: stderr, as: UTF8.self).suffix(3000))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON object a client script printed.
    static func json(_ output: String, from stack: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            "\(stack) printed no JSON object: \(output.prefix(500))")
    }
}
