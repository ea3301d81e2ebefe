import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Testing

/// The `--users` file: its format, and the permissions it must have.
@Suite("UserList")
struct UserListTests {
    static func parse(_ text: String) throws(UserFileError) -> UserList {
        try UserList(parsing: Array(text.utf8), path: "users")
    }

    @Test("comments and blank lines are skipped, a secret keeps its colons and blanks, CRLF is fine")
    func format() throws {
        let list = try Self.parse("# partners\n\n   \n  # indented comment\nagent7:correct horse\r\nacme:s3cr:et\nbob: spaced \n")
        #expect(list.count == 3)
        let verifier = UsernameTokenVerifier(users: list)
        for (name, secret) in [("agent7", "correct horse"), ("acme", "s3cr:et"), ("bob", " spaced ")] {
            let header = WSSecurityHeaderFixture.text(name, secret)
            #expect(try verifier.verify(header) == name)
        }
        #expect("\(list)" == "UserList(3 users)")
    }

    @Test(
        "a malformed line is refused by number, and the message never holds its text",
        arguments: [
            ("agent7:pw\nhunter2-no-colon\n", 2),
            ("agent7:pw\n:hunter2-no-name\n", 2),
            ("# c\n\nag ent:hunter2-space\n", 3),
            ("agent7:\n", 1),
            ("agent7:hunter2-a\nagent7:hunter2-b\n", 2),
        ])
    func malformed(_ text: String, _ line: Int) {
        let error = #expect(throws: UserFileError.self) { try Self.parse(text) }
        #expect(error?.line == line)
        #expect(error?.isMissing == false)
        #expect(error.map { "\($0)" }?.contains("line \(line)") == true)
        #expect(error.map { "\($0)" }?.contains("hunter2") == false, "\(error.map { "\($0)" } ?? "")")
    }

    @Test("invalid UTF-8 and a file naming no user are refused")
    func empty() {
        #expect(throws: UserFileError.self) { try UserList(parsing: [0x61, 0x3A, 0xFF, 0x0A], path: "users") }
        let none = #expect(throws: UserFileError.self) { try Self.parse("# nobody yet\n\n") }
        #expect(none?.line == nil)
    }

    @Test("load: mode 600 and 400 are read; 640, 604 and 620 refused; a missing file or a directory named")
    func permissions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("users-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("users").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("agent7:pw\n".utf8)))
        for mode in [0o600, 0o400] {
            #expect(chmod(file, mode_t(mode)) == 0)
            #expect(try UserList.load(path: file).count == 1)
        }
        for mode in [0o640, 0o604, 0o620] {
            #expect(chmod(file, mode_t(mode)) == 0)
            let error = #expect(throws: UserFileError.self) { try UserList.load(path: file) }
            #expect(error?.isTooOpen == true, "mode \(String(mode, radix: 8))")
            #expect(error?.isMissing == false)
            #expect(error.map { "\($0)" }?.contains("chmod 600") == true)
        }
        let missing = #expect(throws: UserFileError.self) { try UserList.load(path: dir.appendingPathComponent("nope").path) }
        #expect(missing?.isMissing == true)
        let directory = #expect(throws: UserFileError.self) { try UserList.load(path: dir.path) }
        #expect(directory?.isMissing == false)
    }
}

/// Headers for tests that only need a name and a secret to pass.
enum WSSecurityHeaderFixture {
    static func text(_ name: String, _ secret: String) -> WSSecurityHeader {
        WSSecurityHeader(usernameToken: .init(username: name, password: secret, passwordTypeURI: WSSecurity.passwordText))
    }
}
