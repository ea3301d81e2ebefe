import ArgumentParser

/// `hotels`: search hotels over SOAP, browse them in a terminal table, or serve them.
public struct HotelsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hotels",
        abstract: "Search hotels over SOAP: CSV for scripts, a table for people, a service for both.",
        discussion: """
            Examples:
              hotels demo
              hotels browse --endpoint http://127.0.0.1:8080/soap --city Tokyo
              hotels search --endpoint http://127.0.0.1:8080/soap --city Seoul \\
                --format table
              hotels serve --port 8080
              hotels seed --count 100000 --output world.sqlite
              hotels import hotels.csv --into mine.sqlite
              hotels export --catalog mine.sqlite > hotels.csv
              hotels parse Samples/responses/search-ours-soap11.xml
              hotels parse response.xml --format json | jq .name
              hotels dialect check my-service.yaml saved.xml

            \(ExitStatus.helpTable)
            """,
        version: HotelsVersion.line,
        subcommands: [
            DemoCommand.self, BrowseCommand.self, SearchCommand.self, ServeCommand.self, SeedCommand.self, ImportCommand.self,
            ExportCommand.self, ParseCommand.self, CacheCommand.self, DialectCommand.self,
        ]
    )

    public init() {}

    /// ArgumentParser's `main`, with the usage mistakes it reports late or by the wrong
    /// name (an unknown subcommand, an unknown flag beside a missing option) said first:
    /// see ``UsageMistake``. `arguments` are without the program's name.
    public static func main(arguments: [String]) async {
        var command: any ParsableCommand
        do {
            command = try await asyncParseAsRoot(arguments)
        } catch {
            // Help and --version come here too, as errors that exit 0: left to ArgumentParser.
            if exitCode(for: error) != .success, let mistake = UsageMistake.find(in: arguments, root: Self.self) {
                StandardStream.error(mistake.report(root: Self.self))
                exit(withError: ExitCode(ExitStatus.usage.rawValue))
            }
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
