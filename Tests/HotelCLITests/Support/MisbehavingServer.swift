import ChildProcess
import Foundation

/// `misbehaving_server.py MODE`, for failures a healthy service never produces.
final class MisbehavingServer: Sendable {
    let process: ChildProcess
    let url: String

    /// `script` is another server in Support/Scripts with the same start-up protocol: the
    /// port alone on its first line. Waiting for it suspends: at the start of a run, a few of
    /// these blocking the cooperative pool's two threads once kept a browse test's first
    /// page from drawing for 15 s.
    init(_ mode: String, script name: String = "misbehaving_server.py") async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/\(name)").path
        process = try ChildProcess(["python3", script] + (mode.isEmpty ? [] : [mode]), stdout: .capture)
        let port = try await process.waitForLine(containing: "", timeout: 60)
        url = "http://127.0.0.1:\(port)/soap"
    }
}
