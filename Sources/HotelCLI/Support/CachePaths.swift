import Foundation

/// Where `hotels` keeps things between runs: `$XDG_CACHE_HOME/hotelsearch`, else `~/.cache/hotelsearch`.
enum CachePaths {
    static var root: URL {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("hotelsearch")
        }
        let home = env["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/hotelsearch")
    }

    /// `hotels search` and `browse` responses (`ResponseCache`).
    static var responses: URL { root.appendingPathComponent("responses") }

    /// The logos `browse` and `demo` draw (`LogoDiskCache`).
    static var logos: URL { root.appendingPathComponent("logos") }
}
