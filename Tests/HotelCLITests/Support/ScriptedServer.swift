import ChildProcess
import Foundation

/// `misbehaving_server.py MODE [ARG] [--tls CERT KEY]` with a request log, for the transport
/// tests: HTTPS, redirects, gzip, proxies, a response held half-way.
final class ScriptedServer: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/misbehaving_server.py").path

    let process: ChildProcess
    let port: Int
    /// `http(s)://127.0.0.1:PORT/soap`.
    let url: String
    let logURL: URL

    init(_ mode: String, _ argument: String? = nil, tls: (certificate: String, key: String)? = nil) async throws {
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID().uuidString).log")
        var arguments = [Self.script, mode] + (argument.map { [$0] } ?? []) + ["--log", logURL.path]
        if let tls { arguments += ["--tls", tls.certificate, tls.key] }
        process = try ChildProcess(["python3"] + arguments, stdout: .capture, stderr: .capture)
        let line = try await process.waitForLine(containing: "", timeout: 20)
        guard let port = Int(line) else { throw SpawnError("misbehaving_server.py printed \(line), not a port") }
        self.port = port
        url = "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)/soap"
    }

    deinit { try? FileManager.default.removeItem(at: logURL) }

    /// What the server logged: each request's line and headers, then `body-bytes: N`.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// The logged requests, one string each.
    var requests: [String] { log.components(separatedBy: "\n\n").filter { !$0.isEmpty && !$0.hasPrefix("gzip-bytes") } }
}
