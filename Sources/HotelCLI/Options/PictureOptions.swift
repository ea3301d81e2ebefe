import ArgumentParser
import Foundation
import HotelBrowse
import TerminalTable

/// How `browse` and `demo` draw logos: `--images`, `--symbols`, their environment
/// variables, and `--images-info`.
struct PictureOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to draw logos: auto, kitty, kitty-direct, iterm, sixel, blocks or none (default: $HOTELS_IMAGES, else auto).",
            valueName: "protocol"))
    var images: ImageOption?

    @Option(
        help: ArgumentHelp(
            "Block symbols of text logos: auto, half, quad, sextant or octant (default: $HOTELS_SYMBOLS, else auto).",
            valueName: "set"))
    var symbols: SymbolOption?

    @Flag(help: "Say which way logos would be drawn in this terminal, and why, then exit.")
    var imagesInfo = false

    /// The choice: the flag, else the environment variable, else automatic. A bad value in
    /// the variable is a usage error that names it.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (ImageProtocol?, SymbolSet?) {
        let images = try images ?? Self.value(ImageOption.self, "HOTELS_IMAGES", environment) ?? .auto
        let symbols = try symbols ?? Self.value(SymbolOption.self, "HOTELS_SYMBOLS", environment) ?? .auto
        return (images.imageProtocol, symbols.symbolSet)
    }

    private static func value<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type, _ name: String, _ environment: [String: String]
    ) throws -> Choice? where Choice.RawValue == String {
        guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let choice = Choice(rawValue: text.lowercased()) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(name)=\(text) is not one of \(allowed); unset it or pick one")
        }
        return choice
    }

    /// Prints `--images-info`'s lines.
    func printInfo() async throws {
        let (images, symbols) = try resolved()
        for line in await BrowseLauncher.imagesInfo(images: images, symbols: symbols) { print(line) }
    }
}
