import ArgumentParser

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
}
