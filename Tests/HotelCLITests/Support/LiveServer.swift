import Foundation

/// A real `hotels serve` process on an ephemeral loopback port over a seeded catalog.
final class LiveServer: @unchecked Sendable {
    let process: Process
    let url: String
    /// Kept open for the server's lifetime: closing it would leave the server writing into a dead pipe.
    private let output = Pipe()
    var endpoint: String { url + "/soap" }

    /// One seeded catalog for the whole test run: `hotels seed`, the real command.
    static let catalogPath: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-cli-tests-\(getpid()).sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            let result = try! HotelsBinary.runBlocking(["seed", "--count", "3000", "--seed", "9", "--output", path])
            precondition(result.status == 0, "seeding failed: \(result.stderr)")
        }
        return path
    }()

    /// Shared by the tests that only read: one server for the suite, stopped at exit
    /// (a child process outlives its parent otherwise).
    static let shared: LiveServer = {
        let server = try! LiveServer()
        sharedPID = server.process.processIdentifier
        atexit { if LiveServer.sharedPID > 0 { kill(LiveServer.sharedPID, SIGKILL) } }
        return server
    }()
    nonisolated(unsafe) static var sharedPID: pid_t = 0

    /// `port` 0 picks a free one; a fixed port lets a test restart a server where it was.
    init(catalog: String = LiveServer.catalogPath, port: Int = 0) throws {
        process = Process()
        process.executableURL = HotelsBinary.url
        process.arguments = ["serve", "--port", String(port), "--catalog", catalog, "--log-level", "warning"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        url = try LiveServer.readURL(from: output.fileHandleForReading)
    }

    deinit { stop() }

    /// SIGKILL: the test process may pass an ignored SIGTERM on to its children, and a
    /// child that ignores it would leave `waitUntilExit` waiting forever.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The first stdout line is `listening on http://127.0.0.1:PORT (…)`.
    private static func readURL(from handle: FileHandle) throws -> String {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            guard !byte.isEmpty else { throw LiveServerError(description: "hotels serve exited before listening") }
            if byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            throw LiveServerError(description: "unexpected first line: \(text)")
        }
        return String(text[start.lowerBound..<end])
    }
}

/// `misbehaving_server.py MODE`, for failures a healthy service never produces.
final class MisbehavingServer: @unchecked Sendable {
    let process: Process
    let url: String

    /// `script` is another server in Support/Scripts with the same start-up protocol.
    init(_ mode: String, script name: String = "misbehaving_server.py") throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/\(name)").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + (mode.isEmpty ? [] : [mode])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        url = "http://127.0.0.1:\(String(decoding: line, as: UTF8.self))/soap"
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

struct LiveServerError: Error, CustomStringConvertible {
    let description: String
}
