import Foundation
import HotelXML

/// A one-line description of a body that is not a SOAP message, for error messages:
/// `an HTML page ("502 Bad Gateway")`, `a body starting "Service Unavailable"`, `an empty body`.
///
/// ```swift
/// BodyPreview.describe(Array("<html><title>502 Bad Gateway</title></html>".utf8))
/// // an HTML page ("502 Bad Gateway")
/// ```
public enum BodyPreview {
    /// A short phrase for `body`, e.g. `a SOAP fault`; text is judged by its first 16 KiB.
    public static func describe(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(16 * 1024), as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "an empty body" }
        if let error = try? SOAPMessageParser.parse(body), case .fault = error.message { return "a SOAP fault" }
        let lower = trimmed.prefix(64).lowercased()
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") {
            return HTMLTitle.extract(from: trimmed, requireClosed: true).map { "an HTML page (\"\($0)\")" } ?? "an HTML page"
        }
        return "a body starting \"\(printable(Substring(trimmed), limit: 60))\""
    }

    private static func printable(_ s: Substring, limit: Int) -> String {
        let cleaned = s.prefix(limit).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) }
        return String(cleaned)
    }
}
