import ArgumentParser

/// `hotels serve --log-format`: `text` is swift-log's stream line, for people and the
/// scripts that already match it; `json` is one object a line (`JSONLogHandler`), with the
/// request line's extra fields (endpoint, bytes, client), for a log collector.
enum LogFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json
}
