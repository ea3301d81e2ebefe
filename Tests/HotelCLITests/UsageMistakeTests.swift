import Foundation
import Testing

@testable import HotelCLI

/// Usage errors that say what to do next: a mistyped command, an unknown flag before a
/// missing option. End to end through the binary, and the pieces that decide the wording.
@Suite("usage mistakes and what to do next")
struct UsageMistakeTests {
    @Test(
        "an unknown subcommand names the nearest one: exit 64",
        arguments: [
            (["serach", "--city", "x"], "unknown command 'serach'; did you mean 'search'?"),
            (["brwose"], "unknown command 'brwose'; did you mean 'browse'?"),
            (["serv", "--port", "0"], "unknown command 'serv'; did you mean 'serve'?"),
            (["cache", "stat"], "unknown command 'stat'; did you mean 'stats'?"),
        ])
    func unknownCommand(_ arguments: [String], _ message: String) async throws {
        let result = try await HotelsBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.first == "Error: \(message)", "\(result.stderr)")
        #expect(!result.stderr.contains("--city"), "the flag is not the mistake: \(result.stderr)")
    }

    @Test("a word near no command: exit 64 and the list of commands")
    func farFromAnyCommand() async throws {
        let result = try await HotelsBinary.run(["frobnicate", "--city", "x"])
        #expect(result.status == 64)
        let first = String(result.stderrLines.first ?? "")
        #expect(first.contains("unknown command 'frobnicate'") && !first.contains("did you mean"), "\(result.stderr)")
        for command in ["demo", "browse", "search", "serve", "seed", "import", "export", "parse", "cache"] {
            #expect(first.contains(command), "\(command) missing from \(first)")
        }
    }

    @Test(
        "an unknown flag is reported before a missing required option or value: exit 64",
        arguments: [
            ["search", "--bogus"],
            ["search", "--city", "Oslo", "--bogus"],
            ["browse", "--bogus"],
            ["seed", "--bogus"],
            ["parse", "--bogus"],
            ["serve", "--bogus", "--port", "0"],
        ])
    func unknownFlagFirst(_ arguments: [String]) async throws {
        let result = try await HotelsBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.first == "Error: unknown option '--bogus'", "\(result.stderr)")
        #expect(!result.stderr.contains("--endpoint URL") && !result.stderr.contains("Missing expected"), "\(result.stderr)")
        // The usage line and the way to the help of that command.
        let command = arguments[0]
        #expect(result.stderr.contains("Usage: hotels \(command)"), "\(result.stderr)")
        #expect(result.stderr.contains("See 'hotels \(command) --help'"), "\(result.stderr)")
    }

    @Test("valid command lines are left alone: help, --version, values that look like flags")
    func validLeftAlone() async throws {
        #expect(try await HotelsBinary.run(["serach", "--help"]).status == 0)
        #expect(try await HotelsBinary.run(["help", "search"]).status == 0)
        // A missing option stays ArgumentParser's message when nothing is unknown.
        let missing = try await HotelsBinary.run(["seed"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--output"), "\(missing.stderr)")
        // An option's value that starts with a dash is the value, not an unknown option.
        let value = try await HotelsBinary.run(["search", "--endpoint", "http://127.0.0.1:9/soap", "--city", "-x", "--bogus"])
        #expect(value.stderrLines.first == "Error: unknown option '--bogus'", "\(value.stderr)")
    }

    // MARK: The pieces

    @Test("the nearest command: a swap or a letter off, never a far guess")
    func nearest() {
        let commands = ["demo", "browse", "search", "serve", "seed", "parse", "cache"]
        #expect(UsageMistake.nearest(to: "serach", among: commands) == "search")
        #expect(UsageMistake.nearest(to: "SEARCH", among: commands) == "search")
        #expect(UsageMistake.nearest(to: "pasre", among: commands) == "parse")
        #expect(UsageMistake.nearest(to: "cach", among: commands) == "cache")
        #expect(UsageMistake.nearest(to: "sea", among: commands) == "search")  // the only one it begins
        #expect(UsageMistake.nearest(to: "se", among: commands) == nil)  // search, serve, seed
        #expect(UsageMistake.nearest(to: "install", among: commands) == nil)
        #expect(UsageMistake.nearest(to: "x", among: commands) == nil)
        #expect(UsageMistake.editDistance("serach", "search") == 1)
        #expect(UsageMistake.editDistance("", "seed") == 4)
        #expect(UsageMistake.editDistance("kitten", "sitting") == 3)
    }

    @Test("found in the arguments, left to right; nothing where ArgumentParser would accept them")
    func find() {
        func kind(_ arguments: [String]) -> UsageMistake.Kind? {
            UsageMistake.find(in: arguments, root: HotelsCommand.self)?.kind
        }
        #expect(kind(["search", "--bogus"]) == .unknownOption("--bogus"))
        #expect(kind(["search", "--format=json", "--bogus=1"]) == .unknownOption("--bogus=1"))
        #expect(kind(["search", "-v", "--endpoint", "--bogus"]) == nil)  // --bogus is the endpoint's value
        #expect(kind(["search", "--near", "-33.8,151.2", "--radius", "5"]) == nil)
        #expect(kind(["search", "-x"]) == .unknownOption("-x"))
        #expect(kind(["search", "--", "--bogus"]) == nil)
        #expect(kind(["search", "--bogus", "--help"]) == .unknownOption("--bogus"))
        #expect(kind(["--version"]) == nil)
        #expect(kind(["help", "serach"]) == nil)
        #expect(kind(["parse", "-", "--format", "tsv"]) == nil)
        #expect(kind(["cache", "clear"]) == nil)
        #expect(
            kind(["serach", "--bogus"])
                == .unknownCommand(
                    word: "serach", suggestion: "search",
                    commands: ["demo", "browse", "search", "serve", "seed", "import", "export", "parse", "cache", "dialect"]))
        let mistake = UsageMistake.find(in: ["cache", "stats", "--bogus"], root: HotelsCommand.self)
        #expect(mistake?.commandNames == ["hotels", "cache", "stats"])
    }
}
