import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// `hotels search` over the HTTP a real network has: TLS with a private CA, redirects,
/// gzip, forward proxies, a response that arrives slowly. The real binary each time, against
/// the real server or `misbehaving_server.py` speaking real HTTP on loopback.
@Suite("hotels search: HTTPS, redirects, gzip, proxies, streaming", .serialized)
struct SearchTransportTests {
    /// The shared `hotels serve`; its first use seeds and starts it, which blocks: not on the pool.
    static func live() async throws -> LiveServer {
        try await LiveServer.shared()
    }

    // No response cache: these tests are about what goes over the network.
    static let query = ["--city", "Paris", "--sort", "name", "--limit", "5", "--no-cache"]

    // MARK: HTTPS

    @Test("https with a self-signed certificate: refused in one line (exit 69) until --cacert or SSL_CERT_FILE trusts it")
    func https() async throws {
        let tls = try await TestCertificate.make()
        let server = try await ScriptedServer("page", tls: (tls.certificate, tls.key))
        // SSL_CERT_FILE empty: the system's roots, whatever the machine sets.
        let system = ["SSL_CERT_FILE": ""]

        let untrusted = try await HotelsBinary.run(["search", "--endpoint", server.url], environment: system)
        #expect(untrusted.status == 69)
        #expect(untrusted.stderrLines.count == 1, "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("cannot connect securely to \(server.url)"), "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("not trusted") && untrusted.stderr.contains("--cacert"), "\(untrusted.stderr)")
        #expect(!untrusted.stdout.contains("Flaky Inn"))

        let trusted = try await HotelsBinary.run(["search", "--endpoint", server.url, "--cacert", tls.certificate], environment: system)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("H1,Flaky Inn,"))

        let byName = try await HotelsBinary.run(
            ["search", "--endpoint", "https://localhost:\(server.port)/soap", "--cacert", tls.certificate], environment: system)
        #expect(byName.status == 0, "\(byName.stderr)")

        let fromEnvironment = try await HotelsBinary.run(
            ["search", "--endpoint", server.url], environment: ["SSL_CERT_FILE": tls.certificate])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        #expect(fromEnvironment.stdout.contains("H1,Flaky Inn,"))
    }

    @Test("--cacert that is missing (exit 66) or holds no certificate (exit 64) is named before any connection")
    func badCACertificate() async throws {
        let tls = try await TestCertificate.make()
        let missing = try await HotelsBinary.run(["search", "--endpoint", "https://127.0.0.1:9/soap", "--cacert", "/nonexistent/ca.pem"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("--cacert /nonexistent/ca.pem: no such file"), "\(missing.stderr)")
        let key = try await HotelsBinary.run(["search", "--endpoint", "https://127.0.0.1:9/soap", "--cacert", tls.key])
        #expect(key.status == 64)
        #expect(key.stderr.contains("holds no PEM certificate"), "\(key.stderr)")
    }

    // MARK: Redirects

    /// 307/308 keep POST by definition; for 301/302 the client keeps it too (a SOAP call
    /// turned into a bodiless GET could only fail), so all four reach the real endpoint.
    @Test(
        "a 301, 302, 307 or 308 to the real endpoint: the POST and its body follow, same rows as asking directly",
        arguments: ["301", "302", "307", "308"])
    func redirect(_ status: String) async throws {
        let live = try await Self.live()
        let redirector = try await ScriptedServer("redirect\(status)", live.endpoint)
        let direct = try await HotelsBinary.run(["search", "--endpoint", live.endpoint] + Self.query)
        let redirected = try await HotelsBinary.run(["search", "--endpoint", redirector.url] + Self.query)
        #expect(redirected.status == 0, "\(redirected.stderr)")
        #expect(redirected.stdout == direct.stdout)
        #expect(redirected.stdout.split(separator: "\n").count == 6)
        #expect(redirector.requests.count == 1)
        #expect(redirector.requests.first?.hasPrefix("POST /soap ") == true, "\(redirector.log)")
    }

    @Test("a redirect loop: exit 76 and one line saying so")
    func redirectLoop() async throws {
        let loop = try await ScriptedServer("redirectloop")
        let result = try await HotelsBinary.run(["search", "--endpoint", loop.url])
        #expect(result.status == 76)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("redirects without end"), "\(result.stderr)")
        #expect(loop.requests.count == 2, "\(loop.log)")  // /soap, /loop, then the cycle is seen
    }

    // MARK: Cut-off pages

    @Test("each page's first answer cut off by a reset: each page asked for again, every row exactly once, as asking directly")
    func resetMidPage() async throws {
        let live = try await Self.live()
        let flaky = try await ScriptedServer("resetfirst", live.endpoint)
        let flags = ["--city", "Paris", "--sort", "name", "--all", "--page-size", "10", "--format", "csv"]
        let direct = try await HotelsBinary.run(["search", "--endpoint", live.endpoint] + flags)
        let result = try await HotelsBinary.run(["search", "--endpoint", flaky.url, "--verbose"] + flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == direct.stdout)
        let rows = direct.stdout.split(separator: "\n").count - 1
        #expect(rows > 30, "the walk must cross several pages")
        // Every page twice: cut, then whole (the last, empty-or-short page included).
        #expect(flaky.requests.count >= 2 * ((rows + 9) / 10), "\(flaky.requests.count) requests")
        #expect(result.stderr.contains("asking for the page again"), "\(result.stderr)")

        // Without retries the cut is an error that says so, and the rows before it stay.
        let once = try await ScriptedServer("resetfirst", live.endpoint)
        let failed = try await HotelsBinary.run(["search", "--endpoint", once.url, "--retries", "0"] + flags)
        #expect(failed.status == 69, "\(failed.stderr)")
        #expect(failed.stderr.contains("the connection was reset") && failed.stderr.contains("output is incomplete"), "\(failed.stderr)")
    }

    @Test("a partner that hands back a continuation already followed: exit 65 instead of looping forever")
    func repeatedToken() async throws {
        let same = try await ScriptedServer("file", HotelsBinary.sample("ota/avail-response-soap11.xml"))
        let result = try await HotelsBinary.run(["search", "--endpoint", same.url, "--dialect", "ota", "--all", "--max-time", "30"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("sent a continuation it had sent before"), "\(result.stderr)")
        #expect(same.requests.count == 2)
    }

    // MARK: gzip

    @Test("a gzip-encoded response: Accept-Encoding sent, every row parsed, in order")
    func gzip() async throws {
        let server = try await ScriptedServer("gzip", "300")
        let result = try await HotelsBinary.run(["search", "--endpoint", server.url, "--limit", "500", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let ids = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["hotel_id"] as? String
        }
        #expect(ids == (0..<300).map { String(format: "H%05d", $0) })
        #expect(server.requests.first?.contains("Accept-Encoding: gzip") == true, "\(server.log)")
    }

    @Test("--max-response-size applies to the inflated size: a small gzip body that inflates past it is refused (exit 65)")
    func gzipCap() async throws {
        let server = try await ScriptedServer("gzip", "300")
        let result = try await HotelsBinary.run(["search", "--endpoint", server.url, "--limit", "500", "--max-response-size", "20000"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("larger than 20000 bytes"), "\(result.stderr)")
        // The point: what came over the wire was under the cap.
        let wire = server.log.components(separatedBy: "gzip-bytes: ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? .max
        #expect(wire < 20000, "\(server.log)")
    }

    // MARK: Proxies

    @Test("http_proxy: the search goes through the proxy (a CONNECT tunnel) and gives the same rows; no_proxy bypasses it")
    func proxy() async throws {
        let live = try await Self.live()
        let proxy = try await ScriptedServer("proxy")
        let proxied = ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "", "NO_PROXY": ""]
        let direct = try await HotelsBinary.run(
            ["search", "--endpoint", live.endpoint] + Self.query, environment: ["http_proxy": "", "HTTP_PROXY": ""])

        let through = try await HotelsBinary.run(["search", "--endpoint", live.endpoint] + Self.query, environment: proxied)
        #expect(through.status == 0, "\(through.stderr)")
        #expect(through.stdout == direct.stdout)
        let port = live.url.split(separator: ":").last!
        #expect(proxy.requests.count == 1)
        #expect(proxy.requests.first?.hasPrefix("CONNECT 127.0.0.1:\(port) ") == true, "\(proxy.log)")

        let bypassed = try await HotelsBinary.run(
            ["search", "--endpoint", live.endpoint] + Self.query,
            environment: proxied.merging(["no_proxy": "127.0.0.1"]) { $1 })
        #expect(bypassed.status == 0, "\(bypassed.stderr)")
        #expect(bypassed.stdout == direct.stdout)
        #expect(proxy.requests.count == 1, "no_proxy=127.0.0.1 must not use the proxy: \(proxy.log)")
    }

    @Test("a proxy that refuses to tunnel, or is not there: exit 69 naming the proxy, not the service")
    func proxyRefuses() async throws {
        let live = try await Self.live()
        let proxy = try await ScriptedServer("proxy", "deny-connect")
        let denied = try await HotelsBinary.run(
            ["search", "--endpoint", live.endpoint, "--no-cache"],
            environment: ["http_proxy": "http://user:secret@127.0.0.1:\(proxy.port)", "no_proxy": "", "NO_PROXY": ""])
        #expect(denied.status == 69)
        #expect(denied.stderrLines.count == 1, "\(denied.stderr)")
        #expect(denied.stderr.contains("(from http_proxy) would not open a tunnel"), "\(denied.stderr)")
        #expect(!denied.stderr.contains("secret"), "the proxy password must not be printed: \(denied.stderr)")

        let absent = try await HotelsBinary.run(
            ["search", "--endpoint", live.endpoint, "--retries", "0", "--no-cache"],
            environment: ["http_proxy": "http://127.0.0.1:9", "no_proxy": "", "NO_PROXY": ""])
        #expect(absent.status == 69)
        #expect(absent.stderr.contains("the proxy http://127.0.0.1:9 (from http_proxy) refused the connection"), "\(absent.stderr)")
    }

    // MARK: Streaming

    @Test("rows reach standard output while the server still holds the rest of the response")
    func firstRowsEarly() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let server = try await ScriptedServer("slowtail", marker.path)
        let search = try ChildProcess(
            [HotelsBinary.url.path, "search", "--endpoint", server.url, "--limit", "500"], stdout: .capture, stderr: .capture)

        // The server sent 5 hotels and now waits for the marker file, which only this test
        // makes. Each hotel comes out as soon as its end tag has arrived: all 5, now.
        try await waitUntil("the header and the first rows", state: "stdout: \(search.stdout) stderr: \(search.stderr)") {
            search.stdout.split(separator: "\n").count >= 6 || search.poll() != nil
        }
        let lines = search.stdout.split(separator: "\n")
        #expect(lines.count == 6, "header + the 5 hotels sent so far, before the rest exists: \(search.stdout) \(search.stderr)")
        #expect(lines.last?.hasPrefix("H00004,") == true)
        #expect(search.poll() == nil, "the search must still be waiting for the rest")

        _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        #expect(try await search.wait(timeout: 20) == .exited(0), "\(search.stderr)")
        #expect(search.stdout.split(separator: "\n").count == 201)
    }

    /// A row is due when its hotel has arrived, not when the server sends more: against a
    /// server that sends one hotel and then pauses 3 s, the first row is in the pipe well
    /// before the pause ends (measured from the start of the process, start-up included).
    /// Half the pause, not a tighter figure: with the whole suite running on two cores the
    /// process start alone has taken 0.6 s; a client that waited for more bytes takes 3 s.
    @Test("the first row of a server that pauses 3 s after one hotel reaches the pipe in under 1.5 s")
    func firstRowBeforeThePause() async throws {
        let server = try await ScriptedServer("pause", "3")
        let started = Date()
        let search = try ChildProcess(
            [HotelsBinary.url.path, "search", "--endpoint", server.url, "--format", "tsv"], stdout: .capture, stderr: .capture)
        try await waitUntil("the first row", timeout: .seconds(10), state: "stdout: \(search.stdout) stderr: \(search.stderr)") {
            search.stdout.split(separator: "\n").count >= 2 || search.poll() != nil
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(search.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("H00000\t") == true, "\(search.stdout)")
        #expect(elapsed < 1.5, "first row after \(elapsed) s")
        #expect(try await search.wait(timeout: 20) == .exited(0), "\(search.stderr)")
        #expect(search.stdout.split(separator: "\n").count == 11)
    }
}
