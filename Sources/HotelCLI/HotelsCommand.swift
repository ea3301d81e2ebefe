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
              hotels search --endpoint http://127.0.0.1:8080/soap --city Seoul --format table
              hotels serve --port 8080
              hotels seed --count 100000 --output world.sqlite
              hotels parse Samples/responses/search-ours-soap11.xml
              hotels parse response.xml --format json | jq .name

            \(ExitStatus.helpTable)
            """,
        version: HotelsVersion.line,
        subcommands: [
            DemoCommand.self, BrowseCommand.self, SearchCommand.self, ServeCommand.self, SeedCommand.self, ParseCommand.self,
            CacheCommand.self,
        ]
    )

    public init() {}
}
