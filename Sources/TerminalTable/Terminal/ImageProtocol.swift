import Foundation

/// How pictures (e.g. logos) are drawn in the table.
///
/// ```swift
/// ImageProtocol(argument: "blocks")  // .halfBlocks
/// ImageProtocol.kitty.argument       // "kitty"
/// ```
///
/// `GraphicsChoice` picks one from the environment, the terminal's replies and tmux;
/// `--images` overrides it.
public enum ImageProtocol: Sendable, Hashable, CaseIterable {
    /// kitty graphics protocol with Unicode placeholders (`KittyImage`): real pixels.
    case kitty
    /// kitty graphics placed directly at the cursor (`KittyImage.transmitAndPlaceSequence`),
    /// for kitty before 0.28, which has no Unicode placeholders. Spelled `kitty-direct`.
    case kittyDirect
    /// iTerm2's inline images (`ITermImage`): iTerm2, WezTerm. Spelled `iterm`.
    case iterm
    /// Sixel graphics (`SixelImage`): xterm -ti vt340, foot, mlterm, VS Code with images.
    case sixel
    /// Text: truecolor block symbols (`SymbolImage`, half blocks to octants): works in any
    /// terminal with 24-bit colour. Spelled `blocks`.
    case halfBlocks
    /// No pictures at all (spelled `none`; not a case named `none`, which would be
    /// mistaken for `Optional.none` wherever an `ImageProtocol?` is expected).
    case disabled

    /// Parses a user's choice, e.g. a `--images` option or an environment variable:
    /// `kitty`, `kitty-direct`, `iterm`, `sixel`, `blocks` or `none`, ignoring case and
    /// surrounding spaces.
    public init?(argument: String) {
        let value = argument.trimmingCharacters(in: .whitespaces).lowercased()
        guard let match = Self.allCases.first(where: { $0.argument == value }) else { return nil }
        self = match
    }

    /// The spelling `init(argument:)` accepts.
    public var argument: String {
        switch self {
        case .kitty: "kitty"
        case .kittyDirect: "kitty-direct"
        case .iterm: "iterm"
        case .sixel: "sixel"
        case .halfBlocks: "blocks"
        case .disabled: "none"
        }
    }
}
