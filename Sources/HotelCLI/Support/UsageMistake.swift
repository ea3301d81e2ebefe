import ArgumentParser
import Foundation

/// A mistake on the command line that ArgumentParser reports late or under another name,
/// found in the raw arguments: an unknown subcommand (`hotels serach --city x`, which
/// ArgumentParser blames on `--city`), and an unknown option given beside a missing
/// required one (`hotels search --bogus`, which it reports as the missing `--endpoint`).
///
/// ArgumentParser decodes and validates each command before it looks at what is left
/// over (`CommandParser.descendingParse`, then `extractLastParsedValue`): a missing
/// option, or a `validate()` that refuses, wins over the unknown flag that is the real
/// mistake. So ``HotelsCommand/main(arguments:)`` asks this only after ArgumentParser has
/// refused the arguments, and reports what it finds instead; when it finds nothing,
/// ArgumentParser's own message stands. It can therefore only reword an error, never turn
/// a valid command line into one.
///
/// The options each command accepts come from ArgumentParser's own description of it
/// (`_dumpHelp()`, the JSON of `--experimental-dump-help`), so a new option needs no change
/// here. When that description cannot be read, nothing is found.
struct UsageMistake {
    enum Kind: Equatable {
        /// `word` is not a subcommand of the command; `suggestion` is the nearest one, if close.
        case unknownCommand(word: String, suggestion: String?, commands: [String])
        /// `option` is not an option of the command.
        case unknownOption(String)
    }

    let kind: Kind
    /// The command the mistake was made in, from the root: `["hotels", "search"]`.
    let commandNames: [String]
    /// That command's type, for its usage line.
    let command: any ParsableCommand.Type

    /// The first sentence of the message: `unknown command 'serach'; did you mean 'search'?`.
    var message: String {
        switch kind {
        case .unknownCommand(let word, let suggestion?, _):
            return "unknown command '\(word)'; did you mean '\(suggestion)'?"
        case .unknownCommand(let word, nil, let commands):
            return "unknown command '\(word)'; the commands of \(commandNames.joined(separator: " ")) are: "
                + commands.joined(separator: ", ")
        case .unknownOption(let option):
            return "unknown option '\(option)'"
        }
    }

    /// The whole report, as ArgumentParser words its own usage errors: the error, the
    /// command's usage, and where its help is.
    func report(root: any ParsableCommand.Type) -> String {
        let usage = command == root ? root.usageString() : root.usageString(for: command)
        return """
            Error: \(message)
            Usage: \(usage)
              See '\(commandNames.joined(separator: " ")) --help' for more information.

            """
    }

    /// The first mistake in `arguments` (without the program's name) for the command tree
    /// under `root`, reading left to right as ArgumentParser does; nil when there is none it
    /// can be sure of.
    static func find(in arguments: [String], root: any ParsableCommand.Type) -> UsageMistake? {
        var command = root
        var names = [root._commandName]
        guard var accepted = AcceptedArguments(of: command) else { return nil }
        var skipsNextArgument = false
        for argument in arguments {
            if skipsNextArgument {
                skipsNextArgument = false
                continue
            }
            // After `--` everything is a value; `---completion` is ArgumentParser's own request.
            if argument == "--" || argument.hasPrefix("---") { return nil }
            if argument.hasPrefix("-") && argument.count > 1 && !Self.isNumber(argument) {
                switch accepted.lookUp(argument) {
                case .unknown:
                    guard !accepted.capturesUnknownOptions else { continue }
                    return UsageMistake(kind: .unknownOption(argument), commandNames: names, command: command)
                case .takesNextArgument: skipsNextArgument = true
                case .complete: break
                case .builtIn: return nil  // --help, --version and the like: ArgumentParser answers
                }
                continue
            }
            // A value: a subcommand's name where the command has subcommands and takes no
            // values of its own.
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !accepted.hasPositionals, command.configuration.defaultSubcommand == nil else { continue }
            // ArgumentParser adds `help` to the root only.
            if argument == "help" && command == root { return nil }
            if let next = subcommands.first(where: { $0._commandName == argument || $0.configuration.aliases.contains(argument) }) {
                guard let nextAccepted = AcceptedArguments(of: next) else { return nil }
                command = next
                names.append(next._commandName)
                accepted = nextAccepted
                continue
            }
            let commands = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            return UsageMistake(
                kind: .unknownCommand(word: argument, suggestion: nearest(to: argument, among: commands), commands: commands),
                commandNames: names, command: command)
        }
        return nil
    }

    /// `-5`, `-33.8,151.2`: a negative number given as a value, not an option.
    private static func isNumber(_ argument: String) -> Bool {
        guard let second = argument.dropFirst().first else { return false }
        return second.isNumber || second == "."
    }

    /// The command `word` most likely misspells: the nearest by edit distance (a swap of
    /// two neighbouring letters counts one), when at most 2 edits and fewer than half the
    /// command's letters away; else the only command `word` begins (2 letters or more).
    static func nearest(to word: String, among commands: [String]) -> String? {
        let typed = word.lowercased()
        let scored = commands.map { (command: $0, distance: editDistance(typed, $0.lowercased())) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2, best.distance * 2 < best.command.count {
            return best.command
        }
        let extended = commands.filter { typed.count >= 2 && $0.lowercased().hasPrefix(typed) }
        return extended.count == 1 ? extended[0] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two adjacent characters, each one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}

/// The names one command accepts, read from ArgumentParser's description of it.
struct AcceptedArguments {
    enum Match: Equatable {
        case unknown
        /// A flag, or an option with its value attached (`--format=csv`).
        case complete
        /// An option whose value is the next argument.
        case takesNextArgument
        /// One of ArgumentParser's own: help, version, completion scripts, the help dump.
        case builtIn
    }

    private(set) var long: [String: Bool] = [:]  // name: takes a value
    private(set) var short: [Character: Bool] = [:]
    private(set) var longWithSingleDash: [String: Bool] = [:]
    /// The command takes values of its own (so a word may be one, not a subcommand).
    private(set) var hasPositionals = false
    /// An `.allUnrecognized` argument takes what no option claims: nothing is unknown.
    private(set) var capturesUnknownOptions = false

    /// Names ArgumentParser answers itself, whatever the command declares.
    static let builtInLong: Set<String> = ["help", "help-hidden", "version", "experimental-dump-help", "generate-completion-script"]

    /// Nil when ArgumentParser's description cannot be read (its format changed).
    init?(of command: any ParsableCommand.Type) {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return nil }
        for argument in dump.command.arguments ?? [] {
            let takesValue = argument.kind == "option"
            if argument.kind == "positional" {
                hasPositionals = true
                if argument.parsingStrategy == "allUnrecognized" { capturesUnknownOptions = true }
                continue
            }
            for name in argument.names ?? [] {
                switch name.kind {
                case "long": long[name.name] = takesValue
                case "short": if let letter = name.name.first, name.name.count == 1 { short[letter] = takesValue }
                case "longWithSingleDash": longWithSingleDash[name.name] = takesValue
                default: break
                }
            }
        }
    }

    /// How `argument` (which starts with `-`) is read: `--name`, `--name=value`, `-n`,
    /// `-n=value`, `-abc` (short flags together) or `-name` (a long name with one dash).
    func lookUp(_ argument: String) -> Match {
        let doubleDash = argument.hasPrefix("--")
        let body = argument.dropFirst(doubleDash ? 2 : 1)
        let name = String(body.prefix { $0 != "=" })
        let hasValue = body.contains("=")
        func match(_ takesValue: Bool?) -> Match {
            guard let takesValue else { return .unknown }
            return takesValue && !hasValue ? .takesNextArgument : .complete
        }
        if doubleDash {
            if Self.builtInLong.contains(name) { return .builtIn }
            return match(long[name])
        }
        if name == "h" || name == "help" { return .builtIn }
        if name.count == 1, let letter = name.first { return match(short[letter]) }
        if let takesValue = longWithSingleDash[name] { return match(takesValue) }
        // Short flags together (`-vq`): each must be known; the last may take the value.
        guard !hasValue, name.allSatisfy({ short[$0] != nil }) else { return .unknown }
        return match(name.last.flatMap { short[$0] })
    }

    /// The parts of `--experimental-dump-help`'s JSON (ArgumentParserToolInfo's
    /// `ToolInfoV0`) read here; the rest is ignored.
    private struct Dump: Decodable {
        struct Command: Decodable {
            let arguments: [Argument]?
        }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
            let parsingStrategy: String?
        }
        struct Name: Decodable {
            let kind: String
            let name: String
        }
        let command: Command
    }
}
