import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import TerminalTable
import Testing

@testable import HotelBrowse

/// `w`: the whole filtered result to a file, with progress, and nothing left behind on failure.
extension BrowseToolsTests {
    @Test("w writes the whole filtered result to a CSV file, the same bytes as hotels search --all")
    func writeFile() async throws {
        let server = try await LiveServer.shared()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browse-w-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("four stars.csv")
        let search = try await HotelsBinary.run([
            "search", "--endpoint", server.endpoint, "--all", "--min-stars", "4", "--sort", "price", "--format", "csv",
        ])
        try #require(search.status == 0, "\(search.stderr)")
        let rows = search.stdout.split(separator: "\n").count - 1
        _ = try await BrowseHarness(endpoint: server.endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.char("f"))
            type("stars:4", into: terminal)
            terminal.inject(.enter)
            for _ in 0..<3 { terminal.inject(.char("s")) }  // name, stars, price
            try await terminal.waitUntil("the filter and sort") {
                $0.last?.contains("sort price") == true && $0.last?.contains("filter ★≥4") == true
            }
            terminal.inject(.char("w"))
            try await terminal.waitUntil("the file prompt") { $0.last?.hasPrefix("Write CSV to:  ") == true }
            type(target.path, into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the file written") {
                $0.last?.contains("wrote \(PriceText.grouped(String(rows))) rows to \(target.path)") == true
            }
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == search.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["four stars.csv"])
    }

    @Test("while w writes, the status line shows its progress, keys keep working and a second w is refused")
    func writeInProgress() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        // Every answer: 5 hotels at once, the other 195 once the marker exists.
        let server = try await ScriptedServer("slowtail", marker.path)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browse-w-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("slow.csv")
        var harness = BrowseHarness(endpoint: server.url)
        harness.images = .disabled
        // The answer pauses until the marker exists, after the steps below: on a loaded
        // machine those can outlast a 5 s idle timeout, which is not what this test is about.
        harness.timeout = 60
        _ = try await harness.run { terminal in
            terminal.inject(.char("w"))
            type(target.path, into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the progress") { $0.last?.contains("writing \(target.path): 5 rows") == true }
            // Only the temporary file exists while the rest is awaited.
            let partial = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(partial.count == 1 && partial[0].hasPrefix(".slow.csv.") && partial[0].hasSuffix(".part"), "\(partial)")
            terminal.inject(.char("w"))
            try await terminal.waitUntil("the refusal") {
                $0.last?.contains("already writing \(target.path): wait for it to finish") == true
            }
            terminal.inject(.char("?"))
            try await terminal.waitUntil("the help, meanwhile") { $0.joined().contains("write the whole result") }
            terminal.inject(.char("x"))
            _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
            try await terminal.waitUntil("the file written") { $0.last?.contains("wrote 200 rows to \(target.path)") == true }
        }
        let lines = try String(contentsOf: target, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 201)
        #expect(lines.last?.hasPrefix("H00199,Hotel 199 Résidence,") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["slow.csv"])
    }

    @Test("quitting while w writes removes the partial file")
    func quitWhileWriting() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString)")
        let server = try await ScriptedServer("slowtail", marker.path)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browse-w-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var harness = BrowseHarness(endpoint: server.url)
        harness.images = .disabled
        _ = try await harness.run { terminal in
            terminal.inject(.char("w"))
            type(directory.appendingPathComponent("never.csv").path, into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the progress") { $0.last?.contains("never.csv: 5 rows") == true }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        }  // q
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("w that fails leaves no file behind and tells why in the status line and in e")
    func writeFails() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browse-w-\(UUID())")
        // The name is taken by a directory: everything is written, then the rename fails.
        let target = directory.appendingPathComponent("taken.csv")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await BrowseHarness(endpoint: try await LiveServer.shared().endpoint).run { terminal in
            try await firstPage(terminal)
            terminal.inject(.char("w"))
            type(target.path, into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the failure") { $0.last?.contains("⚠ writing \(target.path) failed (e shows why)") == true }
            terminal.inject(.char("e"))
            try await terminal.waitUntil("the whole error") { $0.joined().contains("Last error") }
            let panel = panelText(terminal)
            #expect(panel.contains("cannot rename the finished file to \(target.path): Is a directory"))
            #expect(panel.contains("3,000 rows"))
            terminal.inject(.char("x"))
            try await terminal.waitUntil("the panel closed") { !$0.joined().contains("Last error") }

            terminal.inject(.char("w"))
            type("/nonexistent-\(UUID())/out.csv", into: terminal)
            terminal.inject(.enter)
            try await terminal.waitUntil("the second failure") { $0.last?.contains("failed (e shows why)") == true }
            terminal.inject(.char("e"))
            try await terminal.waitUntil("why") { _ in panelText(terminal).contains("cannot create a file in /nonexistent-") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }
}
