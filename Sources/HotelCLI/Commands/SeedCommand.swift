import ArgumentParser
import Foundation
import HotelServer

/// `hotels seed`: build a deterministic catalog for `hotels serve --catalog`.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Build a deterministic hotel catalog (SQLite) for 'hotels serve'.",
        discussion: """
            Hotels are spread over more than 50 real cities on every continent, with names
            and addresses in the local script, local currencies and phone formats, and a
            distinct logo each. The same --count and --seed always give the same hotels.

            Examples:
              hotels seed --count 100000 --output world.sqlite
              hotels seed --count 1000000 --output big.sqlite --seed 7
            """
    )

    @Option(help: "How many hotels (1…10,000,000).")
    var count: Int

    @Option(help: "The SQLite file to write.")
    var output: String

    @Option(help: "Random seed: the same seed gives the same catalog.")
    var seed: UInt64 = 1

    @Flag(help: "Replace OUTPUT if it exists.")
    var force = false

    func validate() throws {
        guard (1...10_000_000).contains(count) else { throw ValidationError("--count must be 1…10,000,000") }
        if FileManager.default.fileExists(atPath: output) && !force {
            throw ValidationError("\(output) exists; pass --force to replace it")
        }
    }

    func run() async throws {
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
