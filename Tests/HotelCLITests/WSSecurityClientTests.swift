import ChildProcess
import Foundation
import HotelSOAP
import Testing

@testable import HotelCLI

/// `hotels search --username …` against `wsse_verifier.py`, a verifier written apart from our
/// Swift code (Python's XML parser, base64 and hashlib), which forwards what passes to the real
/// `hotels serve`. Secrets come from a file or the environment and never show up in output.
@Suite("hotels search: WS-Security UsernameToken", .serialized)
struct WSSecurityClientTests {
    static let secret = "s3cr3t:pa55 wörd&<x>"

    /// The verifier, its log and a password file (mode 600) beside it.
    final class Verifier: Sendable {
        static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Support/Scripts/wsse_verifier.py").path
        let process: ChildProcess
        let url: String
        let port: Int
        let logURL: URL
        let passwordFile: String

        init(flaky: Int = 0, redirectFrom: String? = nil, upstreamPath: String = "/soap") async throws {
            let live = try await LiveServer.shared()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wsse-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            logURL = directory.appendingPathComponent("log.jsonl")
            passwordFile = directory.appendingPathComponent("password").path
            try (WSSecurityClientTests.secret + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
            chmod(passwordFile, 0o600)
            var arguments = [
                Self.script, "--user", "agent7:\(WSSecurityClientTests.secret)", "--upstream", live.url + upstreamPath, "--log",
                logURL.path,
                "--flaky", String(flaky),
            ]
            if let redirectFrom { arguments += ["--redirect-from", redirectFrom] }
            process = try ChildProcess(["python3"] + arguments, stdout: .capture, stderr: .capture)
            let line = try await process.waitForLine(containing: "", timeout: 20)
            guard let port = Int(line) else { throw SpawnError("wsse_verifier.py printed \(line), not a port") }
            self.port = port
            url = "http://127.0.0.1:\(port)/soap"
        }

        deinit { process.send(SIGTERM) }

        /// One entry per request, as the verifier judged it.
        /// Every request whose body arrived whole, with the verifier's verdict. A body the client
        /// abandoned mid-way (the table closing with a page in flight) is logged as `incomplete`
        /// and left out: it was neither signed nor unsigned.
        var entries: [[String: Any]] {
            let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            return text.split(separator: "\n")
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["incomplete"] == nil }
        }
    }

    static let query = ["--city", "Paris", "--sort", "name", "--limit", "5"]

    @Test("digest and text each authenticate with an independent verifier; the rows are the service's", arguments: ["digest", "text"])
    func authenticates(type: String) async throws {
        let verifier = try await Verifier()
        let live = try await LiveServer.shared()
        let direct = try await HotelsBinary.run(["search", "--endpoint", live.endpoint] + Self.query)
        let signed = try await HotelsBinary.run(
            [
                "search", "--endpoint", verifier.url, "--username", "agent7", "--password-file", verifier.passwordFile, "--password-type",
                type,
            ]
                + Self.query)
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(signed.stdout == direct.stdout && signed.stdout.split(separator: "\n").count == 6)
        let entry = try #require(verifier.entries.first)
        #expect(entry["ok"] as? Bool == true, "\(entry)")
        #expect(entry["type"] as? String == (type == "digest" ? "PasswordDigest" : "PasswordText"))
        // Text over http:// is said to be in the clear; digest is not warned about.
        #expect(signed.stderr.contains("in the clear") == (type == "text"), "\(signed.stderr)")
    }

    @Test("the password from HOTELS_PASSWORD, in an OpenTravel request as well")
    func environmentAndOTA() async throws {
        let verifier = try await Verifier(upstreamPath: "/ota")
        let live = try await LiveServer.shared()
        let direct = try await HotelsBinary.run(["search", "--endpoint", live.url + "/ota", "--dialect", "ota"] + Self.query)
        let result = try await HotelsBinary.run(
            ["search", "--endpoint", verifier.url, "--dialect", "ota", "--username", "agent7"] + Self.query,
            environment: ["HOTELS_PASSWORD": Self.secret])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == direct.stdout && result.stdout.split(separator: "\n").count == 6)
        #expect(verifier.entries.last?["ok"] as? Bool == true)
    }

    @Test("a wrong password: the service's fault, exit 3, one line; nothing secret on any stream")
    func wrongPassword() async throws {
        let verifier = try await Verifier()
        let result = try await HotelsBinary.run(
            ["search", "--endpoint", verifier.url, "--username", "agent7", "--verbose"] + Self.query,
            environment: ["HOTELS_PASSWORD": "not-the-s3cr3t"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("FailedAuthentication"), "\(result.stderr)")
        #expect(verifier.entries.first?["why"] as? String == "wrong digest")
        #expect(!(result.stdout + result.stderr).contains("not-the-s3cr3t"))
    }

    @Test("a retry after 503 signs again with a fresh nonce; --verbose shows no password, digest or nonce")
    func retryIsFresh() async throws {
        let verifier = try await Verifier(flaky: 1)
        let result = try await HotelsBinary.run(
            ["search", "--endpoint", verifier.url, "--username", "agent7", "--password-file", verifier.passwordFile, "--verbose"]
                + Self.query)
        #expect(result.status == 0, "\(result.stderr)")
        let entries = verifier.entries
        #expect(entries.count == 2 && entries.allSatisfy { $0["ok"] as? Bool == true }, "\(entries)")
        let nonces = entries.compactMap { $0["nonce"] as? String }
        #expect(nonces.count == 2 && nonces[0] != nonces[1], "the retry reused its nonce: \(nonces)")
        #expect(result.stderr.contains("retrying"), "--verbose should log the retry: \(result.stderr)")
        let everything = result.stdout + result.stderr
        for secret in [Self.secret, "s3cr3t"] + nonces { #expect(!everything.contains(secret), "\(secret) leaked") }
    }

    @Test("redirects: followed on the same host and port, refused (exit 76, nothing sent) to another port, host or from https to http")
    func redirects() async throws {
        let verifier = try await Verifier(redirectFrom: "/old")
        let same = try await HotelsBinary.run(
            [
                "search", "--endpoint", "http://127.0.0.1:\(verifier.port)/old", "--username", "agent7", "--password-file",
                verifier.passwordFile,
            ]
                + Self.query)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(verifier.entries.count == 2 && verifier.entries.last?["ok"] as? Bool == true, "\(verifier.entries)")

        let tls = try await TestCertificate.make()
        let cases: [(ScriptedServer, String)] = [
            (try await ScriptedServer("redirect307", verifier.url, tls: (tls.certificate, tls.key)), "over plain http"),
            (try await ScriptedServer("redirect307", verifier.url), "another host or port"),
            (try await ScriptedServer("redirect308", "http://localhost:\(verifier.port)/soap"), "another host or port"),
        ]
        for (redirector, why) in cases {
            let before = verifier.entries.count
            let result = try await HotelsBinary.run(
                [
                    "search", "--endpoint", redirector.url, "--cacert", tls.certificate, "--username", "agent7", "--password-file",
                    verifier.passwordFile,
                ] + Self.query)
            #expect(result.status == 76, "\(result.stderr)")
            #expect(
                result.stderrLines.count == 1 && result.stderr.contains("not followed") && result.stderr.contains(why), "\(result.stderr)")
            #expect(verifier.entries.count == before, "the signed request reached the redirect's target")
            #expect(result.stdout.isEmpty)
        }
        // Without credentials nothing secret can leak, and redirects are followed as before.
        let plain = try await ScriptedServer("redirect307", (try await LiveServer.shared()).endpoint)
        #expect(try await HotelsBinary.run(["search", "--endpoint", plain.url] + Self.query).status == 0)
    }

    @Test("the password never on the command line; missing or shared password files are said so")
    func passwordSources() async throws {
        let verifier = try await Verifier()
        let onCommandLine = try await HotelsBinary.run(["search", "--endpoint", verifier.url, "--username", "agent7", "--password", "x"])
        #expect(onCommandLine.status == 64)
        #expect(
            onCommandLine.stderr.contains("HOTELS_PASSWORD") && onCommandLine.stderr.contains("--password-file"), "\(onCommandLine.stderr)")
        let none = try await HotelsBinary.run(
            ["search", "--endpoint", verifier.url, "--username", "agent7"], environment: ["HOTELS_PASSWORD": ""])
        #expect(none.status == 64, "\(none.stderr)")
        let unset = try await HotelsBinary.run(["search", "--endpoint", verifier.url, "--username", "agent7"])
        #expect(unset.status == 64 && unset.stderr.contains("needs a password"), "\(unset.stderr)")
        let missing = try await HotelsBinary.run(
            ["search", "--endpoint", verifier.url, "--username", "agent7", "--password-file", "/nonexistent/pw"])
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/pw"), "\(missing.stderr)")
        #expect(verifier.entries.isEmpty, "nothing is sent when the password is not there")

        chmod(verifier.passwordFile, 0o644)
        let shared = try await HotelsBinary.run(
            ["search", "--endpoint", verifier.url, "--username", "agent7", "--password-file", verifier.passwordFile] + Self.query)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(shared.stderr.contains("readable by group or others") && shared.stderr.contains("chmod 600"), "\(shared.stderr)")
    }

    @Test("the table signs every page it loads, each with its own nonce, in both dialects", arguments: ["/soap", "/ota"])
    func browse(path: String) async throws {
        let verifier = try await Verifier(upstreamPath: path)
        var harness = BrowseHarness(endpoint: verifier.url, query: HotelQuery(sortBy: .name))
        harness.dialect = path == "/ota" ? OTADialect() : HotelSearchDialect()
        harness.images = .disabled
        harness.credentials = UsernameToken(username: "agent7", password: Self.secret, type: .digest)
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first page") { _ in terminal.statusText.contains("row 1 of") }
            // G: the last page (random access), or every page up to it (OpenTravel).
            terminal.inject(.char("G"))
            try await terminal.waitUntil("more pages signed") { _ in verifier.entries.count >= 2 }
        }
        let entries = verifier.entries
        #expect(entries.allSatisfy { $0["ok"] as? Bool == true }, "\(entries)")
        let nonces = entries.compactMap { $0["nonce"] as? String }
        #expect(Set(nonces).count == nonces.count && nonces.count >= 2)
    }
}
