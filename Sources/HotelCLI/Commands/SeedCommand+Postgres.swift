import Foundation
import HotelCatalogs
import HotelSeeder

extension SeedCommand {
    /// `--output postgres://…`: migrations and COPY (``PostgresSeeder``), or `--migrate` alone.
    func runPostgres() async throws {
        let logger = CLILogging.logger(label: "hotels.seed", level: .warning)
        let start = Date()
        do {
            if migrate {
                let applied = try await PostgresSeeder.migrate(url: output, logger: logger)
                print(
                    applied.isEmpty
                        ? "schema already at version \(PostgresSchema.currentVersion)"
                        : "applied schema migrations \(applied.map(String.init).joined(separator: ", "))")
                return
            }
            let count = self.count
            let shown = ProgressLine(total: count)
            try await PostgresSeeder.seed(count: count, seed: seed, url: output, replace: force, logger: logger) { done in
                shown.update(done)
            }
            StandardStream.error("\n")
            let location = (try? PostgresLocation(url: output).description) ?? output
            print(String(format: "wrote %d hotels to %@ in %.1f s", count, location, Date().timeIntervalSince(start)))
        } catch let error as CatalogError where error.kind == .schemaMismatch || error.kind == .invalidLocation {
            throw Diagnostics.exitCode(for: error)
        } catch {
            StandardStream.error("\n")
            throw Diagnostics.exitCode(for: CommandFailure(status: .outputError, message: "seeding failed: \(error)"))
        }
    }
}

/// Progress on stderr, one update per percent, so stdout stays clean.
private final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private let lock = NSLock()
    private var lastShown = -1

    init(total: Int) { self.total = total }

    func update(_ done: Int) {
        let percent = total > 0 ? done * 100 / total : 100
        lock.withLock {
            guard percent != lastShown else { return }
            lastShown = percent
            StandardStream.error("\rseeding: \(percent)% (\(done)/\(total))")
        }
    }
}
