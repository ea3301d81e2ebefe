import ArgumentParser
import Foundation
import HotelCatalogs
import HotelSeeder

/// `hotels seed`: build a deterministic catalog for `hotels serve --catalog`.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Build a deterministic hotel catalog (SQLite or PostgreSQL) for 'hotels serve'.",
        discussion: """
            Hotels are spread over more than 50 real cities on every continent, with names
            and addresses in the local script, local currencies and phone formats, and a
            distinct logo each. The same --count and --seed always give the same hotels.

            Examples:
              hotels seed --count 100000 --output world.sqlite
              hotels seed --count 1000000 --output big.sqlite --seed 7
              PGPASSWORD=… hotels seed --count 1000000 \\
                --output postgres://hotels@127.0.0.1:5432/hotels
              hotels seed --migrate --output postgres://hotels@127.0.0.1:5432/hotels

            PostgreSQL: the schema comes from numbered migrations (table schema_version);
            the rows are loaded with COPY, then indexed. --migrate only brings an older
            schema up to this program's version. Exit 78: the database's schema is newer
            than this program's.
            """
    )

    /// As many as the demo catalog by default, so that `hotels seed --output FILE` (what a
    /// missing `serve --catalog` suggests) makes a catalog as it stands.
    @Option(help: "How many hotels (1…10,000,000).")
    var count = 10_000

    @Option(help: "The SQLite file to write, or a postgres://USER@HOST:PORT/DB URL to load.")
    var output: String

    @Flag(help: "PostgreSQL only: apply pending schema migrations and load nothing.")
    var migrate = false

    @Option(help: "Random seed: the same seed gives the same catalog.")
    var seed: UInt64 = 1

    @Flag(help: "Replace OUTPUT if it exists.")
    var force = false

    func validate() throws {
        if migrate {
            guard PostgresLocation.isPostgresURL(output) else { throw ValidationError("--migrate needs a postgres:// --output") }
            return
        }
        guard (1...10_000_000).contains(count) else { throw ValidationError("--count must be 1…10,000,000") }
        if PostgresLocation.isPostgresURL(output) { return }
        if FileManager.default.fileExists(atPath: output) && !force {
            throw ValidationError("\(output) exists; pass --force to replace it")
        }
    }

    func run() async throws {
        if PostgresLocation.isPostgresURL(output) {
            try await runPostgres()
            return
        }
        let count = self.count
        let start = Date()
        var lastShown = -1
        do {
            if force { try? FileManager.default.removeItem(atPath: output) }
            try CatalogSeeder.seed(count: count, seed: seed, to: output) { done in
                // Progress on stderr, one update per percent, so stdout stays clean.
                let percent = count > 0 ? done * 100 / count : 100
                if percent != lastShown {
                    lastShown = percent
                    StandardStream.error("\rseeding: \(percent)% (\(done)/\(count))")
                }
            }
            StandardStream.error("\n")
        } catch {
            StandardStream.error("\n")
            throw Diagnostics.exitCode(for: CommandFailure(status: .outputError, message: "seeding \(output) failed: \(error)"))
        }
        let seconds = Date().timeIntervalSince(start)
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        print(String(format: "wrote %d hotels to %@ (%.1f MB) in %.1f s", count, output, Double(size) / 1e6, seconds))
    }
}
