import ChildProcess
import Foundation
import Testing

/// `hotels serve --users FILE` as an operator meets it: a file others may read, a missing
/// one, a bad line, and a server that refuses a request without the header and logs it.
@Suite("hotels serve --users", .serialized)
struct ServeUsersTests {
    /// A users file holding `text` with `mode`, removed after `body`.
    static func withUsersFile<T>(_ text: String, mode: mode_t = 0o600, _ body: (String) async throws -> T) async throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-users-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("users").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        #expect(chmod(file, mode) == 0)
        return try await body(file)
    }

    @Test("a users file group or others may read: refused with exit 78 and one line saying chmod 600", arguments: [0o644, 0o640, 0o604])
    func tooOpen(_ mode: Int) async throws {
        let catalog = try await LiveServer.catalogPath()
        try await Self.withUsersFile("agent7:hunter2-secret\n", mode: mode_t(mode)) { file in
            let result = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", catalog, "--users", file])
            #expect(result.status == 78)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("chmod 600 \(file)"))
            #expect(!result.stderr.contains("hunter2"))
            #expect(result.stdout.isEmpty, "it must not start listening")
        }
    }

    @Test("a missing users file: exit 66 naming it")
    func missing() async throws {
        let result = try await HotelsBinary.run(["serve", "--port", "0", "--users", "/nonexistent/users"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("--users /nonexistent/users: no such file"), "\(result.stderr)")
    }

    @Test("a malformed line: exit 78 naming the line number, never the line")
    func malformed() async throws {
        let catalog = try await LiveServer.catalogPath()
        try await Self.withUsersFile("# partners\nagent7:pw\nhunter2-without-colon\n") { file in
            let result = try await HotelsBinary.run(["serve", "--port", "0", "--catalog", catalog, "--users", file])
            #expect(result.status == 78)
            #expect(result.stderr == "hotels: --users \(file): line 3 has no ':' (expected name:secret)\n")
        }
    }

    @Test("--clock-skew without --users, or out of range: usage error")
    func clockSkewUsage() async throws {
        #expect(try await HotelsBinary.run(["serve", "--clock-skew", "60"]).status == 64)
        try await Self.withUsersFile("agent7:pw\n") { file in
            let result = try await HotelsBinary.run(["serve", "--users", file, "--clock-skew", "0"])
            #expect(result.status == 64)
        }
    }

    @Test("with a good file the server starts, refuses a search without the header and logs the failure")
    func refusesWithoutHeader() async throws {
        let catalog = try await LiveServer.catalogPath()
        try await Self.withUsersFile("agent7:correct horse\n") { file in
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("serve-users-\(UUID().uuidString).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: log) }
            let server = try ChildProcess(
                [HotelsBinary.url.path, "serve", "--port", "0", "--catalog", catalog, "--users", file], stdout: .capture,
                stderr: .file(log.path))
            // Also keeps `server` (whose release would kill it) until the end of the block.
            defer { server.send(SIGKILL) }
            let line = try await server.waitForLine(containing: "", timeout: 120)
            let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init), "\(line)")

            let search = try await HotelsBinary.run(["search", "--endpoint", url + "/soap", "--city", "Seoul"])
            #expect(search.status == 3)
            #expect(search.stderr.contains("FailedAuthentication"), "\(search.stderr)")
            #expect(try await HotelsBinary.run(["search", "--wsdl", url + "/wsdl", "--city", "Seoul"]).status == 3)

            let logged = try String(contentsOf: log, encoding: .utf8)
            #expect(logged.contains("1 users, clock skew 300 s"), "\(logged)")
            #expect(logged.contains("authentication failed"), "\(logged)")
            #expect(logged.contains("fault=FailedAuthentication"), "\(logged)")
            #expect(!logged.contains("correct horse"))
        }
    }
}
