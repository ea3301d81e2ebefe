import ArgumentParser
import Foundation
import Logging

// swift-log's type, ArgumentParser's protocol: neither package can declare it, and
// `--log-level` needs it.
// swift-format-ignore: AvoidRetroactiveConformances
extension Logger.Level: @retroactive ExpressibleByArgument {}

enum CLILogging {
    /// Logs go to standard error so standard output stays clean for data; `json` writes one
    /// object a line (`JSONLogHandler`).
    static func logger(label: String, level: Logger.Level, format: LogFormat = .text) -> Logger {
        var logger =
            switch format {
            case .text: Logger(label: label) { StreamLogHandler.standardError(label: $0) }
            case .json: Logger(label: label) { JSONLogHandler(label: $0) }
            }
        logger.logLevel = level
        return logger
    }
}
