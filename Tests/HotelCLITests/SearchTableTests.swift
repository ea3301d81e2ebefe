import ChildProcess
import Foundation
import Testing

@testable import TerminalTable

/// `hotels search --format table`: fitted to a terminal, the distance column only when
/// there is a distance, and a word on stderr when rows were left out.
@Suite("search --format table")
struct SearchTableTests {
    @Test("a pipe gets every cell whole, no DISTANCE without --near, and stderr says what was left out")
    func pipe() async throws {
        let server = try await LiveServer.shared()
        let result = try await HotelsBinary.run(["search", "--endpoint", server.endpoint, "--format", "table"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.first?.contains("DISTANCE") == false)
        #expect(lines.count == 52, "header, rule and 50 rows")
        #expect(!result.stdout.contains("…"))
        #expect(result.stderr == "50 of 3,000 shown; --all prints every row\n")

        let page = try await HotelsBinary.run([
            "search", "--endpoint", server.endpoint, "--format", "table", "--offset", "10", "--limit", "5",
        ])
        #expect(page.stderr == "5 of 3,000 shown from row 11; --all prints every row\n")

        let near = try await HotelsBinary.run([
            "search", "--endpoint", server.endpoint, "--format", "table", "--near", "37.5665,126.978", "--radius", "3", "--all",
        ])
        #expect(near.status == 0)
        #expect(near.stdout.split(separator: "\n").first?.hasSuffix("DISTANCE") == true)
        #expect(near.stdout.contains(" km\n"))
        #expect(near.stderr.isEmpty, "--all printed every row: nothing to say")
    }

    @Test("on an 80-column terminal every line fits, names are cut with …, prices read as in browse")
    func terminal() async throws {
        let server = try await LiveServer.shared()
        let command = "stty cols 80 rows 30; '\(HotelsBinary.url.path)' search --endpoint \(server.endpoint) --format table --limit 40"
        let script = try ChildProcess(["/usr/bin/script", "-qec", command, "/dev/null"], stdout: .capture, stderr: .inherit)
        #expect(try await script.waitForExit() == .exited(0))
        // What the terminal showed: the width probe's line (erased) aside, rows end in CR LF.
        let screen = script.stdout
        let lines = screen.components(separatedBy: "\r\n").map { line in
            line.split(separator: "\u{1B}[2K", omittingEmptySubsequences: false).last.map(String.init) ?? line
        }.filter { !$0.isEmpty }
        let table = lines.drop { !$0.hasPrefix("ID") }
        #expect(table.count >= 42, "\(screen)")
        for line in table { #expect(DisplayWidth.of(line) <= 80, "\(DisplayWidth.of(line)) cells: \(line)") }
        #expect(table.contains { $0.contains("…") }, "some name was too long for 80 columns")
        #expect(table.contains { $0.range(of: #"\d,\d{3}(\.\d+)? [A-Z]{3}$"#, options: .regularExpression) != nil }, "grouped prices")
        #expect(lines.last == "40 of 3,000 shown; --all prints every row")
    }
}
