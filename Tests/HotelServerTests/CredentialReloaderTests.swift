import Foundation
import HotelSOAP
import Logging
import MetricsTestKit
import Testing

@testable import HotelServer

/// A reload (SIGHUP) against real files on disk: a good file is in force for the next
/// request, a bad one (mode open to others, malformed, missing) changes nothing, is logged
/// in one line and counted. The signal and live connections are tested through the binary
/// in HotelCLITests (`ServeReloadTests`).
@Suite("CredentialReloader")
struct CredentialReloaderTests {
    /// A scratch directory with a users file and a key file, both mode 600.
    struct Files {
        let directory: URL
        var users: String { directory.appendingPathComponent("users").path }
        var key: String { directory.appendingPathComponent("token.key").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("reload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try write(users, "agent7:old-secret\nkeeper:keeper-secret\n")
            try write(key, String(repeating: "a1", count: 32) + "\n")
        }

        /// Replaces `path` with `text`, with `mode` (set after writing, so the test controls it).
        func write(_ path: String, _ text: String, mode: mode_t = 0o600) throws {
            try? FileManager.default.removeItem(atPath: path)
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), chmod(path, mode) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// A store loaded from `files` as `hotels serve` starts, and a reloader over both files.
    struct Rig {
        let store: CredentialStore
        let reloader: CredentialReloader
        let metrics = TestMetrics()
        let logs = LogRecorder()

        init(_ files: Files) throws {
            store = CredentialStore(
                users: try UserList.load(path: files.users), clockSkew: .seconds(300), nonceCapacity: 1000,
                tokenKey: try PageTokenKey.load(path: files.key))
            let logs = self.logs
            reloader = CredentialReloader(
                store: store, usersPath: files.users, tokenKeyPath: files.key, logger: Logger(label: "reload") { _ in logs.handler },
                metrics: metrics)
        }

        func count(_ label: String, _ file: ReloadResult.File) -> Int64 {
            metrics.counterTotal(label: label, dimensions: [("file", file.rawValue)])
        }

        func verify(_ name: String, _ secret: String) -> Bool {
            (try? store.current.verifier?.verify(WSSecurityHeaderFixture.text(name, secret))) == name
        }
    }

    @Test("good files: the new users and key are in force at once, the replay cache is kept, each counted once")
    func goodFiles() throws {
        let files = try Files()
        defer { files.remove() }
        let rig = try Rig(files)
        let nonces = try #require(rig.store.current.verifier).nonces
        let oldToken = rig.store.current.tokens.make(offset: 10, criteria: "city=Seoul", catalogVersion: 1)
        #expect(rig.verify("agent7", "old-secret"))

        try files.write(files.users, "newbie:new-secret\nkeeper:keeper-secret\n")
        try files.write(files.key, String(repeating: "b2", count: 32) + "\n")
        let result = rig.reloader.reload()

        #expect((try result.users?.get())?.count == 2)
        #expect(throws: Never.self) { try result.tokenKey?.get() }
        #expect(result.failures == 0 && !result.nothingToReload)
        #expect(rig.verify("newbie", "new-secret"))
        #expect(rig.verify("keeper", "keeper-secret"))
        #expect(!rig.verify("agent7", "old-secret"), "a user no longer in the file must be refused")
        #expect(try #require(rig.store.current.verifier).nonces === nonces, "a reload must not forget the nonces already seen")
        let tokens = rig.store.current.tokens
        #expect(throws: OTAPageToken.Failure.forged) { try tokens.offset(of: oldToken, criteria: "city=Seoul", catalogVersion: 1) }
        let newToken = tokens.make(offset: 10, criteria: "city=Seoul", catalogVersion: 1)
        #expect(try tokens.offset(of: newToken, criteria: "city=Seoul", catalogVersion: 1) == 10)
        for file in ReloadResult.File.allCases {
            #expect(rig.count("hotels_reloads_total", file) == 1)
            #expect(rig.count("hotels_reload_failures_total", file) == 0)
        }
        #expect(rig.logs.entries.filter { $0.level >= .warning }.isEmpty, "\(rig.logs.entries.map(\.message))")
    }

    /// How a new file goes wrong, and how its error says so.
    enum Breakage: String, CaseIterable, Sendable {
        case openToOthers, malformed, missing

        func apply(to path: String, in files: Files, good: String) throws {
            switch self {
            case .openToOthers: try files.write(path, good, mode: 0o644)
            case .malformed: try files.write(path, path == files.users ? "newbie-without-colon\n" : "short\n")
            case .missing: try FileManager.default.removeItem(atPath: path)
            }
        }
    }

    @Test("a bad users file keeps the old users, logs one line naming the file and why, and counts a failure", arguments: Breakage.allCases)
    func badUsers(_ breakage: Breakage) throws {
        let files = try Files()
        defer { files.remove() }
        let rig = try Rig(files)
        try breakage.apply(to: files.users, in: files, good: "newbie:new-secret\n")

        let result = rig.reloader.reload()

        guard case .failure(let error)? = result.users else {
            Issue.record("the users file was taken: \(String(describing: result.users))")
            return
        }
        switch breakage {
        case .openToOthers: #expect(error.isTooOpen)
        case .malformed: #expect(error.line == 1)
        case .missing: #expect(error.isMissing)
        }
        #expect(rig.verify("agent7", "old-secret"), "the old users must stay in force")
        #expect(!rig.verify("newbie", "new-secret"))
        #expect(rig.count("hotels_reload_failures_total", .users) == 1)
        #expect(rig.count("hotels_reloads_total", .users) == 0)
        #expect(rig.count("hotels_reloads_total", .tokenKey) == 1, "the key file was good and is reloaded all the same")
        let errors = rig.logs.entries.filter { $0.level == .error }
        #expect(errors.count == 1, "\(errors.map(\.message))")
        let line = errors.first?.message ?? ""
        #expect(
            line.contains(files.users) && line.contains("\(error)") && line.contains("previous users stay in force (2 users)"), "\(line)")
        #expect(!line.contains("\n") && !line.contains("new-secret"))
    }

    @Test("a bad key file keeps the old key: its tokens still page, one line logged, a failure counted", arguments: Breakage.allCases)
    func badKey(_ breakage: Breakage) throws {
        let files = try Files()
        defer { files.remove() }
        let rig = try Rig(files)
        let token = rig.store.current.tokens.make(offset: 50, criteria: "city=Seoul", catalogVersion: 3)
        try breakage.apply(to: files.key, in: files, good: String(repeating: "c3", count: 32))

        let result = rig.reloader.reload()

        guard case .failure(let error)? = result.tokenKey else {
            Issue.record("the key file was taken: \(String(describing: result.tokenKey))")
            return
        }
        switch breakage {
        case .openToOthers: #expect(error.isTooOpen)
        case .malformed: #expect(!error.isTooOpen && !error.isMissing)
        case .missing: #expect(error.isMissing)
        }
        #expect(try rig.store.current.tokens.offset(of: token, criteria: "city=Seoul", catalogVersion: 3) == 50)
        #expect(rig.count("hotels_reload_failures_total", .tokenKey) == 1)
        #expect(rig.count("hotels_reloads_total", .tokenKey) == 0)
        let errors = rig.logs.entries.filter { $0.level == .error }
        #expect(errors.count == 1, "\(errors.map(\.message))")
        let line = errors.first?.message ?? ""
        #expect(line.contains(files.key) && line.contains("previous key stays in force"), "\(line)")
        #expect(!line.contains("c3c3") && !line.contains("a1a1"), "a key must never be logged")
    }

    @Test("neither file given: nothing is read or counted, a notice says so")
    func nothingToReload() {
        let store = CredentialStore(users: nil, clockSkew: .seconds(300), nonceCapacity: 10, tokenKey: .random())
        let metrics = TestMetrics()
        let logs = LogRecorder()
        let reloader = CredentialReloader(
            store: store, usersPath: nil, tokenKeyPath: nil, logger: Logger(label: "reload") { _ in logs.handler }, metrics: metrics)
        let result = reloader.reload()
        #expect(result.nothingToReload)
        #expect(store.current.verifier == nil)
        #expect(metrics.counterTotal(label: "hotels_reloads_total") == 0)
        #expect(metrics.counterTotal(label: "hotels_reload_failures_total") == 0)
        #expect(logs.entries.map(\.level) == [.notice])
        #expect(logs.entries.first?.message.contains("nothing to reload") == true)
    }
}
