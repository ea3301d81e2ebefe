import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// `hotels demo` in a real terminal emulator: tmux, driven with send-keys and read with
/// capture-pane, as a user at a keyboard would.
@Suite("hotels demo in tmux", .serialized)
struct DemoTmuxTests {
    /// A private tmux server (its own socket), killed when done.
    final class Tmux: Sendable {
        let socket = "hotels-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-tmux-cache-\(UUID())")

        /// Stops the tmux server and everything in it.
        func stop() async {
            _ = try? await run(["kill-server"])
            try? FileManager.default.removeItem(at: cache)
        }

        /// Runs a tmux command. Not through Foundation's `Process`: it waits for an end of
        /// file on a socket its child inherits, and the tmux server (forked from the first
        /// client) keeps that socket open, so `waitUntilExit` would never return.
        @discardableResult
        func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            // TMUX unset: the test may itself run inside tmux.
            let process = try ChildProcess(["env", "-u", "TMUX", "tmux", "-L", socket] + arguments, stdout: .capture, stderr: .capture)
            guard case .exited(let status) = try await process.wait(timeout: 20) else {
                throw TimedOut(description: "tmux \(arguments.first ?? "") did not finish")
            }
            return (status, process.stdout, process.stderr)
        }

        /// Starts `hotels ARGS` in a 120×32 pane; when it exits the pane prints its exit
        /// status and the tty settings, and stays open.
        func start(_ arguments: String) async throws {
            let command = "XDG_CACHE_HOME=\(cache.path) \(HotelsBinary.url.path) \(arguments); echo EXIT=$?; stty -a; sleep 600"
            let result = try await run(["new-session", "-d", "-s", "t", "-x", "120", "-y", "32", command])
            try #require(result.status == 0, "tmux: \(result.stderr)")
        }

        func capture(escapes: Bool = false) async throws -> String {
            try await run(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : [])).stdout
        }

        func lines() async throws -> [String] {
            try await capture().components(separatedBy: "\n")
        }

        func keys(_ keys: String...) async throws {
            try await run(["send-keys", "-t", "t"] + keys)
        }

        func display(_ format: String) async throws -> String {
            try await run(["display-message", "-p", "-t", "t", format]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func waitFor(_ what: String, timeout: Duration = .seconds(60), _ condition: (String) -> Bool) async throws {
            let deadline = ContinuousClock.now + timeout
            while true {
                let screen = try await capture()
                if condition(screen) { return }
                guard ContinuousClock.now < deadline else { throw TimedOut(description: "timed out waiting for \(what); pane:\n\(screen)") }
                try await Task.sleep(for: .milliseconds(100))  // the poll interval: each look is a tmux process
            }
        }

        /// The pid of the program running in the pane (a child of the pane's shell).
        func programPID() async throws -> pid_t {
            let shell = try await display("#{pane_pid}")
            let pgrep = try ChildProcess(["pgrep", "-P", shell], stdout: .capture)
            _ = try await pgrep.wait(timeout: 10)
            let children = pgrep.stdout
            return try #require(children.split(separator: "\n").first.flatMap { pid_t($0) })
        }
    }

    /// Runs `body` with a fresh tmux server, stopped afterwards whatever happens.
    func withTmux(_ body: (Tmux) async throws -> Void) async throws {
        let tmux = Tmux()
        do {
            try await body(tmux)
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }

    /// The terminal is back to normal: cooked mode with echo, main screen, cursor shown.
    func expectSaneTerminal(_ tmux: Tmux, pane: String) async throws {
        let stty = pane.components(separatedBy: "\n").drop { !$0.hasPrefix("EXIT=") }.joined(separator: " ")
        #expect(stty.contains(" icanon"), "stty: \(stty)")
        #expect(stty.contains(" echo ") || stty.contains(" echo\n"), "stty: \(stty)")
        #expect(!stty.contains("-icanon") && !stty.contains("-echo "))
        #expect(try await tmux.display("#{alternate_on}") == "0")
        #expect(try await tmux.display("#{cursor_flag}") == "1")
        #expect(try await tmux.display("#{mouse_any_flag}") == "0")
    }

    @Test("demo starts, shows rows and block-symbol logos, scrolls, and q gives the shell back sane")
    func demo() async throws {
        try await withTmux { tmux in
            try await tmux.start("demo")
            try await tmux.waitFor("the first page") { $0.contains("row 1 of 10,000") && $0.contains("logos 0 loading") }

            let screen = try await tmux.capture(escapes: true)
            #expect(LogoSymbols.appear(in: screen))
            #expect(screen.contains("38;2;"), "logos are drawn in truecolor")
            let lines = try await tmux.lines()
            #expect(lines[0].hasPrefix("Logo │ Name"))
            let firstRow = lines[1]

            try await tmux.keys("j", "j", "j")
            try await tmux.waitFor("row 4") { $0.contains("row 4 of 10,000") }
            try await tmux.keys("NPage")
            try await tmux.waitFor("the next screen") { $0.contains("row 19 of 10,000") }
            try await tmux.waitFor("rows that moved") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines[1] != firstRow && lines[1].contains("│") && !lines[1].contains("…")
            }

            // SIGWINCH: the table is laid out again for the new size.
            try await tmux.run(["resize-window", "-t", "t", "-x", "80", "-y", "20"])
            try await tmux.waitFor("the 80 × 20 layout") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count >= 20 && lines[19].contains("row 19 of 10,000") && lines[0].hasPrefix("Logo │ Name")
            }

            try await tmux.keys("q")
            try await tmux.waitFor("the shell", timeout: .seconds(10)) { $0.contains("EXIT=0") }
            try await expectSaneTerminal(tmux, pane: try await tmux.capture())
        }
    }

    @Test("SIGTERM while the table is up restores the terminal and exits 143")
    func terminated() async throws {
        try await withTmux { tmux in
            try await tmux.start("demo --images none")
            try await tmux.waitFor("the first page") { $0.contains("row 1 of 10,000") }
            kill(try await tmux.programPID(), SIGTERM)
            try await tmux.waitFor("the shell", timeout: .seconds(10)) { $0.contains("EXIT=143") }
            try await expectSaneTerminal(tmux, pane: try await tmux.capture())
        }
    }

    @Test("Ctrl-C quits cleanly too")
    func controlC() async throws {
        try await withTmux { tmux in
            try await tmux.start("demo --images blocks")
            try await tmux.waitFor("the first page") { $0.contains("row 1 of 10,000") }
            try await tmux.keys("C-c")
            try await tmux.waitFor("the shell", timeout: .seconds(10)) { $0.contains("EXIT=0") }
            try await expectSaneTerminal(tmux, pane: try await tmux.capture())
        }
    }
}
