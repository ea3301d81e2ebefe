import ChildProcess
import Foundation
import Testing

/// csv, tsv and json to a terminal replace what the terminal would act on (C1 controls
/// such as CSI, bidi overrides, tabs and newlines), as the table does; files and pipes
/// keep the data exact.
@Suite("Data formats on a terminal: sanitised; in a pipe: exact")
struct TerminalOutputTests {
    /// A hotel whose name holds CSI (U+009B) and a right-to-left override (U+202E).
    static let response = """
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:hotel-search:v1"><soap:Body>\
        <h:SearchHotelsResponse><h:TotalCount>1</h:TotalCount><h:Offset>0</h:Offset>\
        <h:Hotel><h:HotelId>E1</h:HotelId><h:Name>Evil&#x9B;2J&#x202E;nnI</h:Name><h:Address>A&#x9;B</h:Address>\
        <h:City>C</h:City><h:Country>DE</h:Country><h:Latitude>1</h:Latitude><h:Longitude>2</h:Longitude>\
        <h:Stars>3</h:Stars><h:Price currency="EUR">10</h:Price></h:Hotel>\
        </h:SearchHotelsResponse></soap:Body></soap:Envelope>
        """

    func file() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("evil-\(UUID().uuidString).xml")
        try Self.response.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `hotels parse FILE --format FORMAT` with standard output on a pseudo-terminal
    /// (util-linux `script`), and what the terminal received.
    func onTerminal(_ format: String, _ input: URL) async throws -> String {
        let script = try ChildProcess(
            ["/usr/bin/script", "-qec", "'\(HotelsBinary.url.path)' parse '\(input.path)' --format \(format)", "/dev/null"],
            stdout: .capture, stderr: .inherit)
        #expect(try await script.waitForExit() == .exited(0))
        return script.stdout
    }

    @Test("csv, tsv and json on a terminal: no CSI, no RTL override, no tab inside a value", arguments: ["csv", "tsv", "json"])
    func terminal(_ format: String) async throws {
        let input = try file()
        defer { try? FileManager.default.removeItem(at: input) }
        let shown = try await onTerminal(format, input)
        #expect(shown.contains("Evil\u{FFFD}2J\u{FFFD}nnI"), "\(shown)")
        #expect(shown.contains("A\u{FFFD}B"), "the tab inside the address: \(shown)")
        #expect(!shown.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, "\(shown)")
    }

    @Test("csv and json in a pipe: the data exact", arguments: ["csv", "json"])
    func pipe(_ format: String) async throws {
        let input = try file()
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try await HotelsBinary.run(["parse", input.path, "--format", format])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Evil\u{9B}2J\u{202E}nnI"), "\(result.stdout)")
    }
}
