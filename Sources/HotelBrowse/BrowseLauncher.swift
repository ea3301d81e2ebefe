import Foundation
import HotelClient
import HotelSOAP
import Logging
import TerminalTable

/// Opens the terminal and runs a `BrowseSession`: what `hotels browse` and `hotels demo`
/// share once their flags are read. What belongs to the command line comes in as
/// arguments: where logos are kept between runs, and how an error is worded (the
/// command line's wording names the flag to change, which this module knows nothing of).
package enum BrowseLauncher {
    /// - Parameters:
    ///   - images: how to draw logos; nil asks the environment (kitty and Ghostty get
    ///     kitty graphics, the rest half blocks).
    ///   - logoCache: the folder logos are cached in; nil for none.
    ///   - describeError: one line for the status bar and `e`.
    package static func run(
        configuration: HotelSearchClient.Configuration, query: HotelQuery, images: ImageProtocol?, logoCache: URL?,
        describeError: @escaping @Sendable (any Error) -> String
    ) async throws {
        let terminal = try TTYTerminal()
        // Anything printed to stderr while the table is up would garble it.
        let quiet = Logger(label: "hotels.browse") { _ in SwiftLogNoOpLogHandler() }
        try await HotelSearchClient.with(configuration, logger: quiet) { client in
            let fetcher = client.logoFetcher(cacheDirectory: logoCache)
            var settings = BrowseSession.Settings(query: query, endpointLabel: configuration.endpoint.absoluteString)
            let support = ImageSupport.detect(environment: ProcessInfo.processInfo.environment, override: images)
            settings.images = support.imageProtocol
            settings.inTmux = support.isInTmux
            let session = BrowseSession(
                terminal: terminal, client: client, logos: fetcher, settings: settings, describeError: describeError)
            try terminal.enter()
            defer { terminal.restore() }
            await session.run()
        }
    }
}
