import ChildProcess
import Foundation

/// One HTTP exchange through `curl`, as a client outside the server's process sees it: the
/// status, the headers (names lowercased) and the body. The live-catalog tests use it to
/// send the very `If-None-Match` a client kept from before a change.
struct CurlExchange {
    let status: Int
    let headers: [String: String]
    let body: String

    var etag: String { headers["etag"] ?? "" }

    /// `GET url`, or `POST` of `body` when given, with `headers` as `Name: value`. An image's
    /// body (`binary`) is dropped: only its status and headers come back.
    static func run(_ url: String, body: [UInt8]? = nil, headers: [String] = [], binary: Bool = false) async throws -> CurlExchange {
        var arguments = ["/usr/bin/curl", "-s", "--max-time", "10"] + (binary ? ["-D", "-", "-o", "/dev/null"] : ["-i"])
        for header in headers { arguments += ["-H", header] }
        if body != nil { arguments += ["--data-binary", "@-"] }
        let outcome = try await ChildProcess.run(arguments + [url], stdin: body.map { .data(Data($0)) } ?? .null)
        guard let split = outcome.stdout.range(of: "\r\n\r\n") ?? (binary ? outcome.stdout.range(of: "\r\n", options: .backwards) : nil)
        else {
            throw SpawnError("curl \(url): no HTTP response (\(outcome.status)): \(outcome.stderr)")
        }
        let head = outcome.stdout[..<split.lowerBound].split(separator: "\r\n")
        let status = head.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return CurlExchange(status: status, headers: fields, body: String(outcome.stdout[split.upperBound...]))
    }

    /// The value of `attribute="…"`'s first occurrence in the body.
    func attribute(_ name: String) -> String? {
        guard let start = body.range(of: "\(name)=\"") else { return nil }
        return body[start.upperBound...].prefix { $0 != "\"" }.description
    }
}
