import ArgumentParser
import Foundation
import HotelBrowse
import HotelClient

/// `hotels cache stats|clear`: the response cache `search` and `browse` keep on disk.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the responses hotels search and browse keep on disk.",
        discussion: """
            Responses are kept under $XDG_CACHE_HOME/hotelsearch/responses (else
            ~/.cache/hotelsearch/responses), at most 256 MiB, least recently used first
            out. A response is reused without asking while the service's Cache-Control
            max-age lasts, then revalidated (If-None-Match); when the service cannot be
            reached a stale one is used with a warning. --offline uses only the cache,
            --no-cache none.

            Examples:
              hotels cache stats
              hotels cache clear
            """,
        subcommands: [Stats.self, Clear.self])

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Entries, bytes and the oldest and newest use.")

        func run() throws {
            let cache = ResponseCache(directory: CachePaths.responses)
            let stats = cache.stats()
            let formatter = ISO8601DateFormatter()
            print("directory  \(cache.directory.path)")
            print("entries    \(PriceText.grouped(String(stats.entries)))")
            print("bytes      \(PriceText.grouped(String(stats.bytes))) of \(PriceText.grouped(String(cache.capacity)))")
            print("oldest     \(stats.oldest.map(formatter.string) ?? "-")")
            print("newest     \(stats.newest.map(formatter.string) ?? "-")")
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete every kept response (logos stay).")

        func run() throws {
            let removed = ResponseCache(directory: CachePaths.responses).clear()
            print("removed \(PriceText.grouped(String(removed))) responses")
        }
    }
}
