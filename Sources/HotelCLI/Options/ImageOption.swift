import ArgumentParser
import TerminalTable

/// `--images`: how logos are drawn in the table.
enum ImageOption: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Kitty graphics where the terminal supports them, else half blocks.
    case auto
    /// The kitty graphics protocol (kitty, Ghostty; inside tmux with allow-passthrough).
    case kitty
    /// Truecolor half blocks (▀): two pixels per cell, works in every modern terminal.
    case blocks
    /// No logo column.
    case none

    /// What the table is told to draw; nil for `auto`, which the table asks the
    /// environment about (kitty and Ghostty get kitty graphics).
    var imageProtocol: ImageProtocol? {
        switch self {
        case .auto: nil
        case .kitty: .kitty
        case .blocks: .halfBlocks
        case .none: .disabled
        }
    }
}
