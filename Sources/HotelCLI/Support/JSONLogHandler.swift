import Foundation
import HotelBrowse
import Logging
import Synchronization

/// `--log-format json`: each log entry as one JSON object on one line of standard error,
/// for a collector to read without a pattern per message.
///
/// ```json
/// {"time":"2026-11-27T23:01:02.345Z","level":"info","message":"request","request_id":"…","status":200,"duration_ms":1.234}
/// ```
///
/// The keys are `time` (UTC, milliseconds), `level`, `message`, then the metadata, each
/// key once (the entry's own over the logger's). Hummingbird's `hb.request.id` is written
/// `request_id`. A value that is an integer or a finite floating-point number in Swift is
/// a JSON number; everything else is a string, escaped by ``escape(_:into:)``.
/// Nothing here decides what is logged: the request line never carries a secret
/// (`RequestLogMiddleware`), and this writes only what it is given.
struct JSONLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .info
    let label: String
    private let write: @Sendable (String) -> Void

    /// Writes through `write`, one call per line (tests collect them); the default writes
    /// to standard error.
    init(label: String, write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
        self.label = label
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        if let error = event.error, merged["error"] == nil { merged["error"] = "\(error)" }
        write(Self.line(time: Date(), level: event.level, message: event.message.description, metadata: merged))
    }

    /// The object for one entry, with its newline. Metadata keys are sorted, so equal
    /// entries make equal lines.
    static func line(time: Date, level: Logger.Level, message: String, metadata: Logger.Metadata) -> String {
        var out = "{\"time\":\"\(timestamp(time))\",\"level\":\"\(level.rawValue)\",\"message\":"
        escape(message, into: &out)
        for key in metadata.keys.sorted() where !["time", "level", "message"].contains(key) {
            out += ","
            escape(key == "hb.request.id" ? "request_id" : key, into: &out)
            out += ":"
            value(metadata[key]!, into: &out)
        }
        out += "}\n"
        return out
    }

    private static func value(_ value: Logger.Metadata.Value, into out: inout String) {
        switch value {
        case .string(let text): escape(text, into: &out)
        case .stringConvertible(let number as any BinaryInteger): out += "\(number)"
        case .stringConvertible(let number as Double) where number.isFinite: out += "\(number)"
        case .stringConvertible(let other): escape(other.description, into: &out)
        case .array(let values):
            out += "["
            for (i, element) in values.enumerated() {
                if i > 0 { out += "," }
                self.value(element, into: &out)
            }
            out += "]"
        case .dictionary(let entries):
            out += "{"
            for (i, key) in entries.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                escape(key, into: &out)
                out += ":"
                self.value(entries[key]!, into: &out)
            }
            out += "}"
        }
    }

    /// `text` as a JSON string, escaped as `hotels search --format json` escapes its fields
    /// (`RowEncoder.jsonString`: quotes, backslash, the control characters, and U+2028/U+2029,
    /// which end a line for some readers of JSON Lines).
    static func escape(_ text: String, into out: inout String) {
        var bytes: [UInt8] = []
        RowEncoder.jsonString(text, &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `2026-11-27T23:01:02.345Z`.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = time_t(seconds.rounded(.down))
        let millis = min(999, Int((seconds - Double(whole)) * 1000))
        var parts = tm()
        gmtime_r(&whole, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)Z"
    }

    /// One write per line under a lock, so lines from several threads never interleave.
    @Sendable static func standardError(_ line: String) {
        lock.withLock { _ in
            var bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    private static let lock = Mutex(())
}
