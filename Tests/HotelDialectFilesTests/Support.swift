import Foundation
import HotelDialectFiles
import HotelSOAP

/// The repository's folders, from this file's place in it.
enum Repo {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func sample(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent("Samples").appendingPathComponent(path)))
    }
}

/// A SOAP 1.1 envelope around `body`.
func envelope(_ body: String) -> [UInt8] {
    Array(
        (#"<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>"#
            + body + "</soap:Body></soap:Envelope>").utf8)
}

/// Reads `bytes` with any dialect: the hotels handed out one by one, and the response.
func read(_ dialect: any SOAPDialect, _ bytes: [UInt8], chunk: Int = 0) throws -> (hotels: [HotelInfo], response: HotelResponse) {
    var hotels: [HotelInfo] = []
    let reader = dialect.responseReader { hotels.append($0) }
    if chunk > 0 {
        var i = 0
        while i < bytes.count {
            try reader.feed(bytes[i..<min(bytes.count, i + chunk)])
            i += chunk
        }
    } else {
        try reader.feed(bytes)
    }
    return (hotels, try reader.finish())
}

/// A dialect file from text, failing the test with its error.
func dialect(_ yaml: String, file: String = "test.yaml") throws -> DialectFile {
    try DialectFile(yaml: yaml, file: file)
}

/// The error a dialect file's text is refused with, or nil.
func refusal(_ yaml: String) -> DialectFileError? {
    do {
        _ = try DialectFile(yaml: yaml, file: "d.yaml")
        return nil
    } catch {
        return error
    }
}
