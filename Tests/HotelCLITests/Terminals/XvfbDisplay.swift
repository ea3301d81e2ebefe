import ChildProcess
import Foundation
import HotelTestSupport

/// A private X server (Xvfb) for the real-terminal tests, on a display number it picks
/// itself: `-displayfd 1` has Xvfb choose a free display and write its number to standard
/// output once it accepts clients, so there is neither a guessed number that another
/// test run may hold nor a wait on a lock file. Killed by `stop()`, or with its value.
final class XvfbDisplay: Sendable {
    let server: ChildProcess
    /// `:N`, for the DISPLAY of every X client the test starts.
    let name: String

    /// The tools the tests run, each checked before anything starts, so that a machine
    /// without them fails with the one command that installs them, not with a spawn error.
    static let tools = ["Xvfb", "xterm", "mlterm", "kitty", "xdotool", "xwd"]

    static func requireTools() throws {
        let missing = tools.filter { ChildProcess.find($0) == nil }
        guard missing.isEmpty else {
            throw SpawnError("the real-terminal tests need \(missing.joined(separator: ", ")): run scripts/setup-test-deps")
        }
    }

    /// Starts a 24-bit screen larger than any terminal the tests open; no TCP listener.
    init() async throws {
        try Self.requireTools()
        server = try ChildProcess(
            ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"], stdout: .capture,
            stderr: .capture)
        let line = try await server.waitForLine(containing: "", timeout: 60)
        guard let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
            server.send(SIGKILL)
            throw SpawnError("Xvfb wrote \"\(line)\" where its display number belongs; stderr: \(server.stderr)")
        }
        name = ":\(number)"
    }

    /// Runs an X client (xdotool, xwd) to completion on this display; it fails the test
    /// when it does not end within `timeout` seconds or exits other than 0.
    @discardableResult
    func run(_ argv: [String], timeout: Double = 30) async throws -> ChildProcess {
        let child = try ChildProcess(argv, stdout: .capture, stderr: .capture, environment: ["DISPLAY": name])
        guard let ended = try await child.wait(timeout: timeout) else {
            child.send(SIGKILL)
            throw TimedOut(description: "\(argv.joined(separator: " ")) did not finish within \(timeout) s")
        }
        guard ended == .exited(0) else {
            throw SpawnError("\(argv.joined(separator: " ")) \(ended): \(child.stderr)")
        }
        return child
    }

    /// The window's pixels now (see `Screenshot`).
    func screenshot(window: String) async throws -> Screenshot {
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-xwd-\(UUID()).xwd")
        defer { try? FileManager.default.removeItem(at: dump) }
        try await run(["xwd", "-id", window, "-silent", "-out", dump.path])
        return try Screenshot(xwd: [UInt8](try Data(contentsOf: dump)))
    }

    /// Types X key names (`Down`, `Prior`, `q`) into the focused window through XTEST,
    /// which every terminal takes as a keyboard's (xterm ignores XSendEvent's keys, which
    /// `xdotool key --window` would send). `delay` is xdotool's pause between keys in ms.
    func keys(_ keys: [String], delay: Int = 12) async throws {
        try await run(["xdotool", "key", "--delay", String(delay)] + keys)
    }

    func stop() async {
        server.send(SIGKILL)
        _ = try? await server.waitForExit()
    }
}
