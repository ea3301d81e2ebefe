import Foundation

/// Runs the built `hotels` executable, as a user or a script would.
struct HotelsBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `hotels` binary beside the test bundle in the build folder.
    static let url: URL = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("hotels")
    }()

    static func sample(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(relative).path
    }

    /// Runs the binary to completion. Output goes through temporary files, not pipes: a
    /// long-lived process spawned by a concurrent test could inherit a pipe's write end and
    /// keep it open, and a reader waiting for EOF would then wait forever.
    /// Runs `body` on its own thread: waiting for a child process must not hold one of
    /// the few cooperative threads that other tests (and in-process servers) need.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            // A dedicated thread, not Dispatch: on Linux the global queues have one worker per
            // core, and Foundation's Process needs one of them to notice that a child exited.
            Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
        }
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], executable: String? = nil) async throws
        -> Result
    {
        try await offPool { try runBlocking(arguments, stdin: stdin, environment: environment, executable: executable) }
    }

    /// Reads one line from a pipe without waiting for more than it needs.
    static func readLine(_ handle: FileHandle) -> String {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// One cache directory for every run of this test process.
    static let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-tests-cache-\(getpid())").path

    /// `discardingOutput`: standard output goes to /dev/null (a run that writes hundreds of
    /// megabytes) and `stdout` is empty.
    static func runBlocking(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], executable: String? = nil,
        discardingOutput: Bool = false
    ) throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out")
        let errURL = dir.appendingPathComponent("err")
        let inURL = dir.appendingPathComponent("in")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? url
        process.arguments = arguments
        // The tests' own cache directory (responses, logos, the demo catalog), not the user's:
        // a test run neither reads what a person's runs left nor leaves anything there.
        var base = ProcessInfo.processInfo.environment
        base["XDG_CACHE_HOME"] = cacheHome
        process.environment = base.merging(environment) { $1 }
        let out = try FileHandle(forWritingTo: discardingOutput ? URL(fileURLWithPath: "/dev/null") : outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        try? input.close()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// Runs the binary under GNU time and returns its exit status and peak resident memory
    /// (KiB) for that process alone.
    static func measure(_ arguments: [String], environment: [String: String] = [:], discardingOutput: Bool = false) async throws -> (
        status: Int32, maxRSSKiB: Int, stderr: String, stdout: String
    ) {
        let result = try await offPool {
            try runBlocking(
                ["-f", "maxrss=%M", url.path] + arguments, environment: environment, executable: "/usr/bin/time",
                discardingOutput: discardingOutput)
        }
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss=") } ?? "maxrss=-1"
        return (result.status, Int(line.dropFirst("maxrss=".count)) ?? -1, result.stderr, result.stdout)
    }
}
