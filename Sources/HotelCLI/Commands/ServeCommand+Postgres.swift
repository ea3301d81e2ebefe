import HotelCatalogs
import HotelServer
import Logging

extension ServeCommand {
    /// A `postgres://` URL opens the PostgreSQL catalog; anything else goes to
    /// ``openCatalog(_:announce:)`` (a file, or the demo catalog).
    static func openAnyCatalog(_ location: String?, logger: Logger, announce: @escaping (String) -> Void) async throws -> any HotelCatalog {
        if let location, PostgresLocation.isPostgresURL(location) {
            return try await PostgresCatalog.open(url: location, logger: logger)
        }
        return try await openCatalog(location, announce: announce)
    }
}
