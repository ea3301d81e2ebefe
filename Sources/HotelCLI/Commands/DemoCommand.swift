import ArgumentParser
import Foundation
import HotelCatalogs
import HotelClient
import HotelSOAP
import HotelServer
import Logging

/// `hotels demo`: the service on a free loopback port with the demo catalog, and the
/// interactive table on it; the service stops when the table closes.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse a 10,000-hotel demo catalog: starts a local service and opens the table.",
        discussion: """
            The demo catalog is built once (about a second) in $XDG_CACHE_HOME/hotelsearch
            (default ~/.cache/hotelsearch) and reused. The service listens on 127.0.0.1 on
            a free port only while the table is open. Press ? in the table for the keys.

            Examples:
              hotels demo
              hotels demo --city Seoul --sort price
              hotels demo --images none
              hotels demo --images blocks --symbols sextant

            Needs a terminal; for scripts use 'hotels serve' and 'hotels search'.

            \(ExitStatus.helpTable)
            """
    )

    @OptionGroup var filters: QueryOptions

    @OptionGroup var pictures: PictureOptions

    @Option(help: "SOAP version the table speaks to the local service: 1.1 or 1.2.")
    var soapVersion: SOAPVersion = .v11

    func validate() throws {
        _ = try filters.query()
        _ = try pictures.resolved()
    }

    func run() async throws {
        do {
            if pictures.imagesInfo { return try await pictures.printInfo() }
            try BrowseCommand.requireTerminal(command: "demo")
            let query = try filters.query()
            let catalog = try await ServeCommand.openCatalog(nil) { Diagnostics.printError($0) }
            // The service must not log: its lines would land in the middle of the table.
            let silent = Logger(label: "hotels.demo.service") { _ in SwiftLogNoOpLogHandler() }
            let service = HotelService(catalog: catalog, configuration: .init(host: "127.0.0.1", port: 0), logger: silent)
            let (started, announce) = AsyncStream.makeStream(of: String.self)
            let application = service.makeApplication { url in
                announce.yield(url)
                announce.finish()
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await application.run() }
                var iterator = started.makeAsyncIterator()
                guard let url = await iterator.next(), let endpoint = URL(string: url + "/soap") else {
                    throw CommandFailure(status: .failure, message: "the demo service did not start")
                }
                let configuration = HotelSearchClient.Configuration(endpoint: endpoint, version: soapVersion, timeout: 10, retries: 1)
                try await BrowseCommand.runTable(configuration: configuration, query: query, pictures: pictures)
                group.cancelAll()
            }
        } catch {
            throw Diagnostics.exitCode(for: error)
        }
    }
}
