import Foundation
import Testing

/// `--help` at 80 columns, as most terminals open: every example can be copied and pasted
/// as it is shown. ArgumentParser wraps the overview to the width at any space, back to the
/// margin, so an example of 80 characters or more would come out in two pieces the shell
/// runs as two commands.
@Suite("--help at 80 columns")
struct HelpLayoutTests {
    /// The overview (abstract and discussion) of `hotels ARGUMENTS --help` at `columns`:
    /// everything before ArgumentParser's USAGE line.
    static func overview(_ command: [String], columns: Int = 80) async throws -> [Substring] {
        let result = try await HotelsBinary.run(command + ["--help"], environment: ["COLUMNS": String(columns)])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.prefix { !$0.hasPrefix("USAGE:") })
    }

    /// A line that starts a command a reader would copy: indented, and after any
    /// `NAME=value` assignments it runs `hotels`, `swift run hotels`, `$ …` or `curl … | hotels`.
    static func startsCommand(_ line: Substring) -> Bool {
        guard line.hasPrefix("  ") else { return false }
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.contains("="), first.first?.isUppercase == true { words = words.dropFirst() }
        guard let first = words.first else { return false }
        switch first {
        case "hotels", "$": return true
        case "swift": return words.dropFirst().first == "run"
        case "curl": return line.contains("| hotels ")
        default: return false
        }
    }

    /// Every command of the tree, by the arguments that name it.
    @Test(
        "each example is whole: within 80 columns, or continued with a trailing \\",
        arguments: [
            [], ["serve"], ["seed"], ["import"], ["export"], ["search"], ["parse"], ["browse"], ["demo"], ["cache"], ["cache", "stats"],
            ["cache", "clear"],
            ["dialect"], ["dialect", "check"],
        ] as [[String]])
    func examplesAreWhole(_ command: [String]) async throws {
        let lines = try await Self.overview(command)
        var examples = 0
        var index = 0
        while index < lines.count {
            guard Self.startsCommand(lines[index]) else {
                index += 1
                continue
            }
            examples += 1
            // The command and its continuation lines.
            while true {
                let line = lines[index]
                #expect(line.count <= 80, "longer than 80 columns: \(line)")
                let next = index + 1 < lines.count ? lines[index + 1] : nil
                if line.hasSuffix(" \\") {
                    let continued = next.map { $0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false
                    #expect(continued, "'\(line)' ends with \\ but no indented line continues it")
                    index += 1
                    if continued { continue }
                    break
                }
                // Not continued: what follows is a blank line, another indented line, or
                // nothing. A line back at the margin is the tail of this one, wrapped.
                if let next, !next.isEmpty {
                    #expect(next.hasPrefix("  "), "the example '\(line)' was broken at 80 columns; '\(next)' is its tail")
                }
                index += 1
                break
            }
        }
        if !command.starts(with: ["cache"]) || command == ["cache"] {
            #expect(examples > 0, "no example found in the help of hotels \(command.joined(separator: " "))")
        }
    }

    @Test("the exit-code table keeps its column at 80 columns")
    func exitCodeTable() async throws {
        let lines = try await Self.overview(["search"])
        let table = try #require(lines.firstIndex(of: "Exit codes:"))
        for line in lines[(table + 1)...] where !line.isEmpty {
            #expect(line.count < 80, "\(line)")
            #expect(line.hasPrefix("  "), "a meaning wrapped back to the margin: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix("  74  ") && $0.contains("--strict-pipe") })
    }
}
