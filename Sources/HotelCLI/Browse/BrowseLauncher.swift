import Foundation
import HotelClient
import HotelSOAP
import Logging
import TerminalTable

/// Opens the terminal and runs a `BrowseSession`: the part `browse` and `demo` share.
enum BrowseLauncher {
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

    static func run(configuration: HotelSearchClient.Configuration, query: HotelQuery, images: ImageOption) async throws {
        let terminal = try TTYTerminal()
        // Anything printed to stderr while the table is up would garble it.
        let quiet = Logger(label: "hotels.browse") { _ in SwiftLogNoOpLogHandler() }
        try await HotelSearchClient.with(configuration, logger: quiet) { client in
            let fetcher = client.logoFetcher(cacheDirectory: CachePaths.root.appendingPathComponent("logos"))
            var settings = BrowseSession.Settings(query: query, endpointLabel: configuration.endpoint.absoluteString)
            let support = imageSupport(for: images)
            settings.images = support.imageProtocol
            settings.inTmux = support.isInTmux
            let session = BrowseSession(terminal: terminal, client: client, logos: fetcher, settings: settings)
            try terminal.enter()
            defer { terminal.restore() }
            await session.run()
        }
    }

    /// `auto` asks the environment (kitty and Ghostty get kitty graphics); the rest are
    /// the user's explicit choice.
    static func imageSupport(for option: ImageOption) -> ImageSupport {
        let override: ImageProtocol?
        switch option {
        case .auto: override = nil
        case .kitty: override = .kitty
        case .blocks: override = .halfBlocks
        case .none: override = .disabled
        }
        return ImageSupport.detect(environment: ProcessInfo.processInfo.environment, override: override)
    }
}
