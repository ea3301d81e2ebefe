import ChildProcess
import Foundation
import HotelTestSupport

/// One terminal window on an `XvfbDisplay`, running `hotels ARGS`: its screenshots, its
/// keyboard, and its cell geometry.
///
/// The cell size comes from the window's size (`xdotool getwindowgeometry`): each
/// terminal is started with no inner border or padding, so its window is `columns` ×
/// `rows` cells plus at most a pixel or two of slack at the right and bottom (kitty rounds
/// up), and the integer division gives the cell. A remainder of a cell or more means the
/// terminal did not take the size it was given, and the test stops there.
final class RealTerminal: Sendable {
    let kind: TerminalKind
    let display: XvfbDisplay
    let process: ChildProcess
    /// The X window id, as xdotool and xwd take it.
    let window: String
    let cellWidth: Int
    let cellHeight: Int
    /// Holds the pid of the `hotels` process in the terminal, so `stop()` can kill it too.
    private let pidFile: URL

    init(_ kind: TerminalKind, on display: XvfbDisplay, hotels arguments: [String], cache: URL) async throws {
        self.kind = kind
        self.display = display
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-terminal-\(UUID()).pid")
        self.pidFile = pidFile
        let quoted = ([HotelsBinary.url.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        // The shell records its pid, then becomes hotels (exec), which keeps that pid.
        // HOTELS_IMAGES unset: --images alone decides, whatever the caller's environment.
        let command = "echo $$ > '\(pidFile.path)'; exec env -u HOTELS_IMAGES \(quoted.joined(separator: " "))"
        let process = try ChildProcess(
            kind.argv(running: command), stdout: .capture, stderr: .capture,
            environment: kind.environment.merging(["DISPLAY": display.name, "XDG_CACHE_HOME": cache.path]) { $1 })
        self.process = process
        do {
            // kitty's first frame through the software renderer takes seconds on a loaded machine.
            let found = try await display.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(process.pid)], timeout: 90)
            guard let window = found.stdout.split(separator: "\n").first.map(String.init) else {
                throw SpawnError("xdotool found no window for \(kind)")
            }
            self.window = window
            let geometry = try await display.run(["xdotool", "getwindowgeometry", "--shell", window]).stdout
            let size = Dictionary(
                uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
                    let parts = line.split(separator: "=")
                    return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
                })
            let (width, height) = (size["WIDTH"] ?? 0, size["HEIGHT"] ?? 0)
            cellWidth = width / TerminalKind.columns
            cellHeight = height / TerminalKind.rows
            guard cellWidth > 2, cellHeight > 2, width % TerminalKind.columns < cellWidth, height % TerminalKind.rows < cellHeight,
                width - cellWidth * TerminalKind.columns <= 2, height - cellHeight * TerminalKind.rows <= 2
            else {
                throw SpawnError("\(kind)'s window is \(width)×\(height), not \(TerminalKind.columns)×\(TerminalKind.rows) whole cells")
            }
            // Focus for XTEST's keys (no window manager gives it).
            try await display.run(["xdotool", "windowfocus", window])
        } catch {
            await Self.kill(process, pidFile: pidFile)
            throw error
        }
    }

    /// The window now.
    func screenshot() async throws -> Screenshot {
        do {
            return try await display.screenshot(window: window)
        } catch {
            // A window gone means the terminal ended: say how, and what it printed.
            let state = process.poll().map { "\(kind) \($0)" } ?? "\(kind) still running"
            throw SpawnError("\(error); \(state); its stderr: \(process.stderr.suffix(2000))")
        }
    }

    func keys(_ keys: String..., delay: Int = 12) async throws {
        try await display.run(["xdotool", "windowfocus", window])
        try await display.keys(keys, delay: delay)
    }

    func keys(_ keys: [String], delay: Int = 12) async throws {
        try await display.run(["xdotool", "windowfocus", window])
        try await display.keys(keys, delay: delay)
    }

    /// Waits until the window is still and `ready` holds: shots every 150 ms (a poll,
    /// not a guess at how long drawing takes) until three in a row are equal, so no frame
    /// is half written, and the last satisfies `ready` (e.g. every logo is in). Returns that
    /// shot and how long it took. `timeout` is generous: a loaded machine is slow, never wrong.
    func settle(_ what: String, timeout: Duration = .seconds(90), ready: (Screenshot) -> Bool = { _ in true }) async throws -> (
        shot: Screenshot, waited: Duration
    ) {
        let start = ContinuousClock.now
        var previous: Screenshot?
        var same = 0
        while true {
            let shot = try await screenshot()
            same = shot == previous ? same + 1 : 0
            previous = shot
            if same >= 2 && ready(shot) { return (shot, ContinuousClock.now - start) }
            guard ContinuousClock.now - start < timeout else {
                let evidence = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-\(kind.screenshotName)-\(UUID()).png")
                try? shot.writePNG(to: evidence)
                throw TimedOut(description: "\(kind): timed out after \(timeout) waiting for \(what); last shot: \(evidence.path)")
            }
            try await Task.sleep(for: .milliseconds(150))
        }
    }

    /// Waits until the window differs from `before` (a key's frame has been drawn).
    func changed(from before: Screenshot, _ what: String, timeout: Duration = .seconds(30)) async throws -> Screenshot {
        let deadline = ContinuousClock.now + timeout
        while true {
            let shot = try await screenshot()
            if shot != before { return shot }
            guard ContinuousClock.now < deadline else { throw TimedOut(description: "\(kind): nothing changed after \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Kills the terminal and the hotels process in it (each by its pid).
    func stop() async {
        await Self.kill(process, pidFile: pidFile)
    }

    private static func kill(_ process: ChildProcess, pidFile: URL) async {
        if let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            pid > 0
        {
            Glibc.kill(pid, SIGKILL)
        }
        process.send(SIGKILL)
        _ = try? await process.waitForExit()
        try? FileManager.default.removeItem(at: pidFile)
    }
}
