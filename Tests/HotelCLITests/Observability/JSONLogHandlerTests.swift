import Foundation
import Logging
import Synchronization
import Testing

@testable import HotelCLI

/// `JSONLogHandler`'s lines against Foundation's JSON parser: whatever a message or a
/// metadata value holds, the line is one object that parses back to the same text.
@Suite("JSONLogHandler")
struct JSONLogHandlerTests {
    static func parse(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil, "not one line: \(line)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    @Test("every control character, quotes, backslashes, line separators and non-ASCII text round-trip")
    func escaping() throws {
        var awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        awkward += "\"quoted\" back\\slash / \u{7F} \u{2028}\u{2029} é 東京 🏨 \\u0041"
        let line = JSONLogHandler.line(
            time: Date(timeIntervalSince1970: 1_764_284_400.5), level: .notice, message: awkward,
            metadata: [awkward: .string(awkward), "nested": .dictionary(["list": .array([.string(awkward), .stringConvertible(7)])])])
        let object = try Self.parse(line)
        #expect(object["message"] as? String == awkward)
        #expect(object[awkward] as? String == awkward)
        let nested = try #require(object["nested"] as? [String: Any])
        let list = try #require(nested["list"] as? [Any])
        #expect(list.first as? String == awkward && list.last as? Int == 7)
        #expect(object["time"] as? String == "2025-11-27T23:00:00.500Z")
        #expect(object["level"] as? String == "notice")
    }

    @Test("numbers stay numbers, other values are strings, hb.request.id is request_id, reserved keys are not overwritten")
    func values() throws {
        let line = JSONLogHandler.line(
            time: Date(), level: .info, message: "request",
            metadata: [
                "status": .stringConvertible(200), "duration_ms": .stringConvertible(1.25), "bytes": .stringConvertible(0),
                "nan": .stringConvertible(Double.nan), "hb.request.id": "abc123", "level": "forged", "path": "/soap",
            ])
        let object = try Self.parse(line)
        #expect(object["status"] as? Int == 200 && object["bytes"] as? Int == 0)
        #expect(object["duration_ms"] as? Double == 1.25)
        #expect(object["nan"] as? String == "nan", "NaN is no JSON number")
        #expect(object["request_id"] as? String == "abc123" && object["hb.request.id"] == nil)
        #expect(object["level"] as? String == "info")
        #expect(object["path"] as? String == "/soap")
    }

    @Test("a logger's own metadata and the entry's are both written, the entry's winning")
    func merging() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "t") { JSONLogHandler(label: $0) { line in lines.withLock { $0.append(line) } } }
        logger[metadataKey: "hb.request.id"] = "r1"
        logger[metadataKey: "who"] = "logger"
        logger.info("hello", metadata: ["who": "entry"])
        logger.debug("dropped at info")
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        let object = try Self.parse(try #require(written.first))
        #expect(object["request_id"] as? String == "r1" && object["who"] as? String == "entry" && object["message"] as? String == "hello")
    }
}
