import ArgumentParser
import TerminalTable

/// `--images`: how logos are drawn in the table.
enum ImageOption: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Ask the terminal and choose (`GraphicsChoice`): kitty graphics, iTerm2 images,
    /// sixel, or block symbols.
    case auto
    /// kitty graphics: Unicode placeholders in kitty 0.28+ and Ghostty, placed directly in
    /// older kitty.
    case kitty
    /// kitty graphics placed directly, even where placeholders work.
    case kittyDirect = "kitty-direct"
    /// iTerm2's inline images (iTerm2, WezTerm, VS Code).
    case iterm
    /// Sixel (xterm -ti vt340, mlterm, foot, WezTerm, Konsole, Windows Terminal).
    case sixel
    /// Truecolor block symbols (`--symbols`): works in every modern terminal.
    case blocks
    /// No logo column.
    case none

    /// What the table is told to draw; nil for `auto`.
    var imageProtocol: ImageProtocol? {
        switch self {
        case .auto: nil
        case .kitty: .kitty
        case .kittyDirect: .kittyDirect
        case .iterm: .iterm
        case .sixel: .sixel
        case .blocks: .halfBlocks
        case .none: .disabled
        }
    }
}

/// `--symbols`: the block symbols of text logos.
enum SymbolOption: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, half, quad, sextant, octant

    var symbolSet: SymbolSet? {
        switch self {
        case .auto: nil
        case .half: .halfBlocks
        case .quad: .quadrants
        case .sextant: .sextants
        case .octant: .octants
        }
    }
}
