import Foundation
import Testing

/// `hotels browse` and `hotels demo` outside a terminal, and their usage errors.
@Suite("hotels browse/demo: command line")
struct BrowseCommandTests {
    @Test(
        "without a terminal both commands point to hotels search and exit 64",
        arguments: [
            ["browse", "--endpoint", "http://127.0.0.1:9/soap"],
            ["demo"],
        ])
    func notATerminal(arguments: [String]) async throws {
        let result = try await HotelsBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("needs a terminal"))
        #expect(result.stderr.contains("hotels search"))
    }

    @Test("bad options are usage errors, with the fix in the message")
    func usage() async throws {
        let unknown = try await HotelsBinary.run(["browse", "--endpoint", "http://127.0.0.1:9/soap", "--colour"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--colour"))
        let images = try await HotelsBinary.run(["demo", "--images", "sixel"])
        #expect(images.status == 64)
        #expect(images.stderr.contains("auto") && images.stderr.contains("kitty") && images.stderr.contains("blocks"))
        let missing = try await HotelsBinary.run(["browse"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--endpoint"))
    }

    @Test("--help explains the keys, the cache and gives examples", arguments: ["browse", "demo"])
    func help(command: String) async throws {
        let result = try await HotelsBinary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("hotels \(command)"))
        #expect(result.stdout.contains("--images"))
        #expect(result.stdout.contains("Exit codes:"))
    }
}
