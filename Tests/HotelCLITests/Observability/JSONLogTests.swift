import ChildProcess
import Foundation
import HotelSOAP
import Testing

/// `hotels serve --log-format json` as a log collector reads it: every line a JSON object,
/// the request lines with their fields, never a password; a bad value a usage error.
@Suite("hotels serve --log-format json")
struct JSONLogTests {
    static let password = "json-log-pw-5c21e8"

    @Test("every line is one JSON object; request lines carry id, endpoint, operation, status, duration, bytes, client, user; no secret")
    func linesParse() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("json-log-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        try await ServeUsersTests.withUsersFile("agent7:\(Self.password)\n") { users in
            let server = try await LiveServer.start(arguments: ["--users", users, "--log-format", "json"], log: log)
            defer { server.kill() }
            let search = try SOAPRequestBuilder(version: .v11).searchHotels(HotelQuery(city: "Seoul", limit: 3))
            #expect(
                try await MetricsEndpointTests.soap(server, search, body: MetricsEndpointTests.signed(search, password: Self.password))
                    .status == 200)
            // A wrong password: the failure is logged with the user and why, never the password.
            let wrong = try MetricsEndpointTests.signed(search, password: "not-\(Self.password)")
            #expect(try await MetricsEndpointTests.soap(server, search, body: wrong).status == 500)
            #expect(try await CurlExchange.run(server.url + "/health").status == 200)
            #expect(try await CurlExchange.run(server.url + "/nowhere").status == 404)
            try await server.stop()
        }
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(!text.contains(Self.password), "a password reached the log")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n") && lines.count >= 5, "\(text)")
        var requests: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            guard let entry = object as? [String: Any] else {
                Issue.record("not a JSON object: \(line)")
                continue
            }
            #expect(entry["time"] is String && entry["level"] is String && entry["message"] is String, "\(line)")
            #expect((entry["time"] as? String)?.hasSuffix("Z") == true, "\(line)")
            if entry["message"] as? String == "request" { requests.append(entry) }
        }
        #expect(requests.count == 4, "\(text)")
        for entry in requests {
            #expect(entry["level"] as? String == "info")
            #expect((entry["request_id"] as? String)?.isEmpty == false, "\(entry)")
            #expect(entry["status"] is NSNumber && entry["duration_ms"] is NSNumber, "\(entry)")
            #expect(entry["client"] as? String == "127.0.0.1", "\(entry)")
            #expect(entry["endpoint"] is String && entry["method"] is String, "\(entry)")
        }
        let ok = try #require(requests.first { $0["status"] as? Int == 200 && $0["endpoint"] as? String == "soap" })
        #expect(ok["operation"] as? String == "SearchHotels")
        #expect(ok["user"] as? String == "agent7")
        #expect((ok["bytes"] as? Int ?? 0) > 100, "\(ok)")
        let refused = try #require(requests.first { $0["status"] as? Int == 500 })
        #expect(refused["user"] == nil, "an unauthenticated request names no user on its request line")
        #expect(requests.contains { $0["endpoint"] as? String == "health" && $0["operation"] == nil })
        #expect(requests.contains { $0["endpoint"] as? String == "other" && $0["status"] as? Int == 404 })
        let failure = try #require(
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .first { $0["message"] as? String == "authentication failed" })
        #expect(failure["reason"] as? String == "wrong password" && failure["user"] as? String == "agent7", "\(failure)")
    }

    @Test("the default stays text: key=value request lines, no JSON")
    func textUnchanged() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("text-log-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let server = try await LiveServer.start(log: log)
        #expect(try await CurlExchange.run(server.url + "/health").status == 200)
        try await server.stop()
        let text = try String(contentsOf: log, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasSuffix(" request") }, "\(text)")
        #expect(!line.hasPrefix("{"))
        #expect(line.contains("status=200") && line.contains("path=/health") && line.contains("duration_ms="), "\(line)")
        #expect(!line.contains("endpoint=") && !line.contains("client="), "the text line gained fields: \(line)")
    }

    @Test("--log-format xml: usage error 64, one line naming the choices")
    func badValue() async throws {
        let result = try await HotelsBinary.run(["serve", "--log-format", "xml"])
        #expect(result.status == 64)
        let first = try #require(result.stderrLines.first)
        #expect(
            first.hasPrefix("Error: ") && first.contains("'xml'") && first.contains("text") && first.contains("json"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
