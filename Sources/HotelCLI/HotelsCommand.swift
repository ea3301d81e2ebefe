import ArgumentParser

/// `hotels`: search hotels over SOAP, browse them in a terminal table, or serve them.
public struct HotelsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hotels",
        abstract: "Search hotels over SOAP: CSV for scripts, a table for people, a service for both.",
        discussion: """
            Examples:
              hotels parse Samples/responses/search-ours-soap11.xml
              hotels parse response.xml --format json | jq .name

            \(ExitStatus.helpTable)
            """,
        subcommands: [ParseCommand.self]
    )

    public init() {}
}
