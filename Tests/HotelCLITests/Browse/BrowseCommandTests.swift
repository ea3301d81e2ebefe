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
        let images = try await HotelsBinary.run(["demo", "--images", "png"])
        #expect(images.status == 64)
        #expect(["auto", "kitty", "kitty-direct", "iterm", "sixel", "blocks", "none"].allSatisfy(images.stderr.contains))
        let variable = try await HotelsBinary.run(["demo"], environment: ["HOTELS_IMAGES": "png"])
        #expect(variable.status == 64)
        #expect(variable.stderr.contains("HOTELS_IMAGES=png is not one of auto, kitty"))
        let symbols = try await HotelsBinary.run(["demo", "--symbols", "braille"])
        #expect(symbols.status == 64 && symbols.stderr.contains("sextant"))
        let missing = try await HotelsBinary.run(["browse"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--endpoint"))
    }

    @Test("--images-info says what would be drawn and why, from the environment when there is no terminal to ask")
    func imagesInfo() async throws {
        let kitty = try await HotelsBinary.run(["browse", "--images-info"], environment: ["TERM": "xterm-kitty", "TMUX": ""])
        #expect(kitty.status == 0)
        #expect(kitty.stdout.hasPrefix("images: kitty\n"))
        #expect(kitty.stdout.contains("no reply to the probe"))
        #expect(kitty.stdout.contains("symbols: sextant"))
        let forced = try await HotelsBinary.run(
            ["demo", "--images-info"], environment: ["HOTELS_IMAGES": "sixel", "TERM": "xterm", "TMUX": ""])
        #expect(forced.status == 0)
        #expect(forced.stdout.hasPrefix("images: sixel\n"))
        #expect(forced.stdout.contains("the user asked for sixel"))
        #expect(forced.stdout.contains("the cell size in pixels is unknown"))
        let flag = try await HotelsBinary.run(
            ["browse", "--images-info", "--images", "blocks", "--symbols", "octant"], environment: ["HOTELS_IMAGES": "sixel"])
        #expect(flag.stdout.hasPrefix("images: blocks\n") && flag.stdout.contains("symbols: octant"), "the flag beats the variable")
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
