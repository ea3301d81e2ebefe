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
    ///   - images: how to draw logos; nil probes the terminal and chooses
    ///     (`GraphicsChoice`).
    ///   - symbols: the block symbols of text logos; nil chooses by terminal.
    ///   - logoCache: the folder logos are cached in; nil for none.
    ///   - describeError: one line for the status bar and `e`.
    package static func run(
        configuration: HotelSearchClient.Configuration, query: HotelQuery, images: ImageProtocol?, symbols: SymbolSet? = nil,
        logoCache: URL?, describeError: @escaping @Sendable (any Error) -> String
    ) async throws {
        let environment = ProcessInfo.processInfo.environment
        // Without pictures there is nothing to ask the terminal.
        let terminal = try TTYTerminal(graphicsEnvironment: images == .disabled ? nil : environment)
        try terminal.enter()
        defer { terminal.restore() }
        let setup = await graphicsSetup(
            environment: environment, replies: terminal.probeReplies ?? ProbeReplies(), images: images, symbols: symbols)
        let choice = setup.choice
        terminal.write(Array(choice.enterSequence.utf8))
        defer { terminal.write(Array(choice.leaveSequence.utf8)) }
        // Anything printed to stderr while the table is up would garble it.
        let quiet = Logger(label: "hotels.browse") { _ in SwiftLogNoOpLogHandler() }
        try await HotelSearchClient.with(configuration, logger: quiet) { client in
            let fetcher = client.logoFetcher(cacheDirectory: logoCache)
            var settings = BrowseSession.Settings(query: query, endpointLabel: configuration.endpoint.absoluteString)
            settings.images = choice.imageProtocol
            settings.inTmux = choice.usesPassthrough
            settings.cellSize = choice.cellSize
            settings.picturesAtRegionBottomStay = choice.picturesAtRegionBottomStay
            settings.symbols = setup.symbols
            settings.imagesReason = choice.reasons.last ?? ""
            let session = BrowseSession(
                terminal: terminal, client: client, logos: fetcher, settings: settings, describeError: describeError)
            await session.run()
        }
    }

    /// What `hotels browse --images-info` prints: the terminal probed from outside the
    /// table, the choice and its reasons.
    package static func imagesInfo(images: ImageProtocol?, symbols: SymbolSet?) async -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let replies = GraphicsProbe.probeControllingTerminal(environment: environment)
        return await graphicsSetup(environment: environment, replies: replies, images: images, symbols: symbols).report
    }

    private static func graphicsSetup(
        environment: [String: String], replies: ProbeReplies, images: ImageProtocol?, symbols: SymbolSet?
    ) async -> GraphicsSetup {
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        let tmuxVersion = inTmux ? await TmuxQuery.version() : nil
        let tmuxClient = inTmux ? await TmuxQuery.client() : nil
        return GraphicsSetup(
            environment: environment, replies: replies, tmuxVersion: tmuxVersion, tmuxClient: tmuxClient, images: images, symbols: symbols)
    }
}
