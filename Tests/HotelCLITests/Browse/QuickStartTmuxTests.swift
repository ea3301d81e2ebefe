import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// The README's quick start, typed word for word into one terminal: `hotels serve &`, then
/// `search` and `browse` in the same pane. The server used to log one line per request to
/// that terminal, drawn over the table (issue 34); on a terminal it now logs notices and up.
@Suite("the README's quick start in one tmux pane", .serialized)
struct QuickStartTmuxTests {
    typealias Tmux = DemoTmuxTests.Tmux

    /// What only the server's log writes; none of it may reach a table or a search's output.
    static let logText = ["hotels.serve", "method=", "duration_ms=", "hb.request.id", "[HotelServer]", " info ", " notice "]

    /// The pane: wide enough that no typed line wraps (the waits find a command by its text).
    static let columns = 200
    static let rows = 32

    @Test("serve &, search and browse from README.md in one pane: no log line over the output, the table intact")
    func readmeQuickStart() async throws {
        // A free port can be taken by another test's server before ours binds it (ours first
        // builds the demo catalog): then the quick start runs again on another.
        for attempt in 1...3 {
            do {
                return try await quickStart()
            } catch is PortTaken where attempt < 3 {
                continue
            }
        }
    }

    /// `hotels serve` said its port is in use.
    struct PortTaken: Error {}

    func quickStart() async throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let port = try #require(LoopbackProbe.freePort(), "no free loopback port")
        let lines = try Self.commands(Self.quickStart(in: readme), port: port)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-quickstart-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // The background server, killed here if the test fails before `kill %1` in the pane.
        var serverPID: pid_t = 0
        defer { if serverPID > 0 { kill(serverPID, SIGKILL) } }

        try await DemoTmuxTests().withTmux { tmux in
            try await tmux.startShell(home: home)
            for line in lines {
                try await tmux.type(line.text)
                switch line.kind {
                case .serve:
                    // As a user waits for the listening line (a first start builds the demo
                    // catalog in the fresh cache directory), then makes sure it answers.
                    try await tmux.waitFor("the listening line", timeout: .seconds(300)) {
                        $0.contains("listening on http://127.0.0.1:\(port)") || $0.contains("is already in use")
                    }
                    if try await tmux.capture().contains("is already in use") { throw PortTaken() }
                    serverPID = try await tmux.programPID()
                    try await Self.waitForHealth(port: port)
                case .search:
                    let output = try await tmux.waitForPrompt(after: line.text, "the search's table")
                    let shown = output.joined(separator: "\n")
                    #expect(output.contains { $0.hasPrefix("ID") && $0.contains("CITY") }, "no table header in:\n\(shown)")
                    #expect(output.contains { $0.contains("Seoul") }, "no Seoul hotel in:\n\(shown)")
                    for text in Self.logText {
                        #expect(
                            !output.contains { $0.contains(text) }, "\(text) in the search's output:\n\(output.joined(separator: "\n"))")
                    }
                case .browse:
                    try await Self.browse(tmux)
                    _ = try await tmux.waitForPrompt(after: line.text, "the shell after browse")
                    try await tmux.type("echo EXIT=$?; stty -a")
                    _ = try await tmux.waitForPrompt(after: "echo EXIT=$?; stty -a", "stty's report")
                    let pane = try await tmux.capture()
                    #expect(pane.contains("EXIT=0"), "browse failed:\n\(pane)")
                    try await DemoTmuxTests().expectSaneTerminal(tmux, pane: pane)
                case .other:
                    _ = try await tmux.waitForPrompt(after: line.text, "the shell after: \(line.text)")
                }
            }
            // The background server stops cleanly on SIGTERM, as a user's `kill %1` sends it.
            try #require(serverPID > 0, "the quick start has no `hotels serve … &` line")
            let stop = "kill %1; wait %1; echo SERVER=$?"
            try await tmux.type(stop)
            let stopped = try await tmux.waitForPrompt(after: stop, "the server to stop", timeout: .seconds(20))
            let clean = stopped.contains { $0.trimmingCharacters(in: .whitespaces) == "SERVER=0" }
            #expect(clean, "\(stopped.joined(separator: "\n"))")
            if clean { serverPID = 0 }
        }
    }

    /// The first page, then `j`, `j`, `G`, `g` (each asks the server for rows or logos); then
    /// the whole pane: the header as first drawn, no log text, the status line on the last row.
    static func browse(_ tmux: Tmux) async throws {
        try await tmux.waitFor("the first page") { $0.contains("row 1 of") }
        let first = try await tmux.lines()
        let header = first[0]
        #expect(header.contains("Name") && header.contains("│"), "header: \(header)")
        let screen = first.joined(separator: "\n")
        let total = try #require(Self.total(screen), "no row count in:\n\(screen)")
        try await tmux.keys("j", "j")
        try await tmux.waitFor("row 3") { $0.contains("row 3 of") }
        try await tmux.keys("G")
        try await tmux.waitFor("the last row") { $0.contains("row \(total.formatted) of \(total.formatted)") }
        try await tmux.keys("g")
        // Settled: no page in flight ("pages 3 (+1 loading)") and, where logos are drawn, none loading.
        try await tmux.waitFor("row 1 again, pages and logos settled") { screen in
            screen.contains("row 1 of") && !screen.contains(" loading)")
                && (!screen.contains("logos ") || screen.contains("logos 0 loading"))
        }
        // A log line, when there was one, was written before its answer was sent: by now it
        // is in the pane. A moment more for tmux to draw it.
        try await Task.sleep(for: .milliseconds(500))
        let lines = try await tmux.lines()
        let pane = lines.joined(separator: "\n")
        #expect(lines[0] == header, "the header was overwritten:\n\(pane)")
        for text in Self.logText {
            #expect(!pane.contains(text), "server log text \"\(text)\" in the pane:\n\(pane)")
        }
        try #require(lines.count >= Self.rows, "\(lines.count) lines from a \(Self.rows)-row pane:\n\(pane)")
        #expect(lines[Self.rows - 1].contains("row 1 of"), "the status line is not on the last row:\n\(pane)")
        try await tmux.keys("q")
    }

    @Test("hotels serve in the foreground on a terminal: the listening line, no request lines; --log-level info shows them")
    func foregroundOnTerminal() async throws {
        let catalog = try await LiveServer.catalogPath()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-serve-tty-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try await DemoTmuxTests().withTmux { tmux in
            try await tmux.startShell(home: home)
            for logLevel in [nil, "info"] {
                let port = try #require(LoopbackProbe.freePort(), "no free loopback port")
                let command =
                    "'\(HotelsBinary.url.path)' serve --port \(port) --catalog '\(catalog)'" + (logLevel.map { " --log-level \($0)" } ?? "")
                try await tmux.type(command)
                try await tmux.waitFor("the listening line") { $0.contains("listening on http://127.0.0.1:\(port)") }
                try await Self.waitForHealth(port: port)
                if logLevel == nil {
                    try await Task.sleep(for: .milliseconds(500))
                    let output = try await tmux.output(after: command).joined(separator: "\n")
                    #expect(!output.contains("path=/health") && !output.contains("method="), "a request line on the terminal:\n\(output)")
                } else {
                    // Read joined (-J): a log line may be wider than the pane.
                    let deadline = ContinuousClock.now + .seconds(20)
                    while try await !tmux.output(after: command).contains(where: {
                        $0.contains("method=GET") && $0.contains("path=/health")
                    }) {
                        guard ContinuousClock.now < deadline else {
                            let pane = try await tmux.history().joined(separator: "\n")
                            Issue.record("no request line with --log-level info:\n\(pane)")
                            break
                        }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                }
                try await tmux.keys("C-c")
                _ = try await tmux.waitForPrompt(after: command, "the shell after Ctrl-C")
            }
        }
    }

    // MARK: The README's lines

    struct Line {
        enum Kind { case serve, search, browse, other }
        let kind: Kind
        let text: String
    }

    /// The command lines of the one ```sh block between `<!-- quickstart -->` and
    /// `<!-- /quickstart -->`, `# comments` and blank lines left out.
    static func quickStart(in readme: String) throws -> [String] {
        let lines = readme.components(separatedBy: "\n")
        let open = try #require(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "<!-- quickstart -->" },
            "README.md has no <!-- quickstart --> line: this test runs the lines between it and <!-- /quickstart -->")
        let close = try #require(
            lines[(open + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "<!-- /quickstart -->" },
            "README.md has <!-- quickstart --> but no <!-- /quickstart --> after it")
        var commands: [String] = []
        var inBlock = false
        for line in lines[(open + 1)..<close] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            let command = Self.withoutComment(trimmed)
            if !command.isEmpty { commands.append(command) }
        }
        try #require(!commands.isEmpty, "the quick start block holds no ```sh lines")
        return commands
    }

    /// `swift run hotels serve &  # in the background` → `swift run hotels serve &`: a `#`
    /// at the start or after a space begins a comment (the quick start quotes no `#`).
    static func withoutComment(_ line: String) -> String {
        if line.hasPrefix("#") { return "" }
        guard let hash = line.range(of: " #") ?? line.range(of: "\t#") else { return line }
        return line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    /// The README's lines with the built binary for `swift run hotels` (the test runs what
    /// was built, not a second build) and `port` for 8080, which another program may hold on
    /// a test machine: `127.0.0.1:8080` becomes `127.0.0.1:PORT` and the serve line gets
    /// `--port PORT`. Nothing else is changed.
    static func commands(_ lines: [String], port: Int) throws -> [Line] {
        let binary = "'\(HotelsBinary.url.path)'"
        return try lines.map { line in
            try #require(
                line.hasPrefix("swift run hotels "),
                "a quick start line this test does not know how to run: \(line) (expected swift run hotels …)")
            var text = binary + line.dropFirst("swift run hotels".count)
            text = text.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)")
                .replacingOccurrences(of: "localhost:8080", with: "localhost:\(port)")
            let subcommand = line.dropFirst("swift run hotels ".count).split(separator: " ").first.map(String.init) ?? ""
            switch subcommand {
            case "serve":
                try #require(text.hasSuffix("&"), "the quick start's serve line must run it in the background (&): \(line)")
                text = text.dropLast().trimmingCharacters(in: .whitespaces) + " --port \(port) &"
                return Line(kind: .serve, text: text)
            case "search": return Line(kind: .search, text: text)
            case "browse": return Line(kind: .browse, text: text)
            default: return Line(kind: .other, text: text)
            }
        }
    }

    // MARK: Helpers

    /// "row 1 of 1,234" → "1,234", as the status line writes it.
    static func total(_ screen: String) -> (count: Int, formatted: String)? {
        guard let range = screen.range(of: #"row [0-9,]+ of [0-9,]+"#, options: .regularExpression) else { return nil }
        let formatted = String(screen[range].split(separator: " ").last ?? "")
        guard let count = Int(formatted.replacingOccurrences(of: ",", with: "")) else { return nil }
        return (count, formatted)
    }

    /// Until `GET /health` on `port` answers 200 (python3's urllib, no proxy).
    static func waitForHealth(port: Int, timeout: Duration = .seconds(30)) async throws {
        let script = """
            import sys, urllib.request
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            try:
                print(opener.open(sys.argv[1], timeout=5).status)
            except Exception as error:
                print(getattr(error, "code", 0))
            """
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while true {
            let outcome = try await ChildProcess.run(["python3", "-c", script, "http://127.0.0.1:\(port)/health"])
            last = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if last == "200" { return }
            guard ContinuousClock.now < deadline else {
                throw TimedOut(description: "timed out waiting for /health on port \(port): \(last) \(outcome.stderr)")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}

extension DemoTmuxTests.Tmux {
    /// An interactive bash in a 200×32 pane, as a user's terminal: `HOME` and
    /// `XDG_CACHE_HOME` in `home` (a fresh cache: `hotels serve` builds its demo catalog
    /// there), no rc files, the prompt `$ `, job control on.
    func startShell(home: URL) async throws {
        let cache = home.appendingPathComponent("cache").path
        let command =
            "exec env HOME='\(home.path)' XDG_CACHE_HOME='\(cache)' PS1='$ ' HISTFILE=/dev/null bash --norc --noprofile -i"
        let result = try await run([
            "new-session", "-d", "-s", "t", "-x", "\(QuickStartTmuxTests.columns)", "-y", "\(QuickStartTmuxTests.rows)", command,
        ])
        try #require(result.status == 0, "tmux: \(result.stderr)")
        try await waitFor("the prompt") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("$") } }
    }

    /// Types `line` and Enter, as a user would.
    func type(_ line: String) async throws {
        try await keys("-l", line)
        try await keys("Enter")
    }

    /// Every line the pane has shown, its history and the screen, wrapped lines joined
    /// (a typed command longer than the pane is one line here).
    func history() async throws -> [String] {
        var lines = try await run(["capture-pane", "-p", "-J", "-t", "t", "-S", "-", "-E", "-"]).stdout.components(separatedBy: "\n")
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// What the pane shows after the last line holding `command` (as typed: behind a
    /// prompt, or behind a background server's output where the cursor was).
    func output(after command: String) async throws -> [String] {
        let lines = try await history()
        guard let typed = lines.lastIndex(where: { $0.contains(command) }) else { return [] }
        return Array(lines[(typed + 1)...])
    }

    /// Waits until the shell prompts again (`$ ` alone on a line, or behind `^C`) after `command`, and
    /// returns what came between: the command's output.
    func waitForPrompt(after command: String, _ what: String, timeout: Duration = .seconds(60)) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let shown = try await self.output(after: command)
            // After Ctrl-C the terminal's echoed `^C` and the prompt share a line: `^C$ `.
            if let prompt = shown.firstIndex(where: { ["$", "^C$"].contains($0.trimmingCharacters(in: .whitespaces)) }) {
                return Array(shown[..<prompt])
            }
            guard ContinuousClock.now < deadline else {
                throw TimedOut(description: "timed out waiting for \(what); pane:\n\(try await history().joined(separator: "\n"))")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
