import ArgumentParser
import Foundation
import HotelBrowse
import HotelClient
import HotelSOAP

/// `hotels browse`: the interactive table on a running service.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Scroll through search results in an interactive table with logos.",
        discussion: """
            Only the rows on screen are fetched (a page at a time, plus one ahead), and only \
            their logos are downloaded; both are cached. Press ? in the table for the keys: \
            j/k move, PgUp/PgDn page, g/G jump to the ends, Enter opens details, \
            / searches by name, f filters (stars:4 price:200 city:Paris amenity:pool), \
            s sorts by the next column and S reverses, h/l scroll sideways, c picks columns, \
            y copies the row as CSV, w writes every row to a CSV file, e shows the last \
            error, Ctrl-L redraws, r retries what failed, q quits.

            Examples:
              hotels browse --endpoint http://127.0.0.1:8080/soap
              hotels browse --endpoint http://127.0.0.1:8080/soap --city Tokyo --sort price
              hotels browse --wsdl http://127.0.0.1:8080/wsdl --near 48.8566,2.3522 \\
                --radius 3 --images none
              # How logos will be drawn in this terminal, and why
              hotels browse --images-info
              HOTELS_IMAGES=sixel hotels browse --endpoint http://127.0.0.1:8080/soap
              # An OpenTravel partner: G walks page after page to the end
              hotels browse --wsdl 'http://127.0.0.1:8080/ota?wsdl' --city Paris
              # Any service a dialect file describes (docs/DIALECT-FILES.md)
              hotels browse --endpoint http://127.0.0.1:8080/soap \\
                --dialect Dialects/hotel-search.yaml

            Needs a terminal; for scripts use 'hotels search'. Logos are cached in
            $XDG_CACHE_HOME/hotelsearch/logos (default ~/.cache/hotelsearch/logos).

            \(ExitStatus.helpTable)
            """
    )

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var filters: QueryOptions

    @OptionGroup var pictures: PictureOptions

    func validate() throws {
        _ = try filters.query()
        _ = try pictures.resolved()
    }

    func run() async throws {
        do {
            if pictures.imagesInfo { return try await pictures.printInfo() }
            try Self.requireTerminal(command: "browse")
            let configuration = try await connection.configuration(command: "browse")
            try await Self.runTable(configuration: configuration, query: try filters.query(), pictures: pictures)
        } catch {
            throw Diagnostics.exitCode(for: error)
        }
    }
}

/// What `browse` and `demo` share on the command line's side of the table (`BrowseLauncher`).
extension BrowseCommand {
    /// Checked before any work (such as starting the demo service): a table drawn into a
    /// pipe or a file is useless, so say what to use instead.
    static func requireTerminal(command: String) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(
                status: .usage,
                message: "hotels \(command) draws an interactive table and needs a terminal (stdin and stdout must be a TTY); "
                    + "for scripts and pipes use: hotels search --endpoint URL --format csv")
        }
    }

    /// The table until the user quits: logos kept in the cache folder, and errors in the
    /// status bar worded as on the command line, with the flag to change (`Diagnostics`).
    static func runTable(configuration: HotelSearchClient.Configuration, query: HotelQuery, pictures: PictureOptions) async throws {
        let (images, symbols) = try pictures.resolved()
        try await BrowseLauncher.run(
            configuration: configuration, query: query, images: images, symbols: symbols, logoCache: CachePaths.logos,
            describeError: { Diagnostics.classify($0).1 })
    }
}
