import Foundation
import TerminalTable

/// The user's picture choices (`--images`, `--symbols`, `HOTELS_IMAGES`) and what the
/// terminal said, turned into the browse settings: the protocol, the cell size, the
/// block symbols of the text fallback, and the reasons `--images-info` prints.
package struct GraphicsSetup: Sendable, Equatable {
    package var choice: GraphicsChoice
    package var symbols: SymbolSet
    /// Why these symbols, one line.
    package var symbolsReason: String

    /// Decides from the environment, the probe's replies and tmux's answers; `images` and
    /// `symbols` are the user's (nil: automatic).
    ///
    /// ```swift
    /// let setup = GraphicsSetup(environment: env, replies: replies, images: nil, symbols: nil)
    /// setup.choice.imageProtocol   // .sixel in xterm -ti vt340
    /// ```
    package init(
        environment: [String: String], replies: ProbeReplies, tmuxVersion: String? = nil, tmuxClient: TmuxClient? = nil,
        images: ImageProtocol?, symbols: SymbolSet?
    ) {
        choice = GraphicsChoice.decide(
            environment: environment, replies: replies, tmuxVersion: tmuxVersion, tmuxClient: tmuxClient, override: images)
        if let symbols {
            self.symbols = symbols
            symbolsReason = "the user asked for \(Self.name(symbols))"
            return
        }
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        let (kind, evidence) =
            insideTmux
            ? TerminalKind.identify(reply: tmuxClient?.terminal, environment: environment, insideTmux: true)
            : TerminalKind.identify(reply: replies.terminalVersion, environment: environment)
        switch kind {
        case .kitty, .ghostty, .wezTerm, .foot, .vte:
            self.symbols = .sextants
            symbolsReason = "\(evidence.isEmpty ? "the terminal" : evidence) draws sextants itself → sextants"
        case .linuxConsole:
            self.symbols = .halfBlocks
            symbolsReason = "\(evidence): its font has no quadrants → half blocks"
        default:
            self.symbols = .quadrants
            symbolsReason = "quadrants are in every monospace font with block elements → quadrants"
        }
    }

    /// The lines `hotels browse --images-info` prints.
    package var report: [String] {
        ["images: \(choice.imageProtocol.argument)"] + choice.reasons.map { "  \($0)" }
            + (choice.cellSize.map { ["cell: \($0.width)×\($0.height) px"] } ?? ["cell: size in pixels unknown"])
            + ["symbols: \(Self.name(symbols))", "  \(symbolsReason)"]
    }

    /// The `--symbols` spelling.
    package static func name(_ symbols: SymbolSet) -> String {
        switch symbols {
        case .halfBlocks: "half"
        case .quadrants: "quad"
        case .sextants: "sextant"
        case .octants: "octant"
        }
    }

    /// Parses a `--symbols` value.
    package static func symbols(named name: String) -> SymbolSet? {
        SymbolSet.allCases.first { Self.name($0) == name.lowercased() }
    }
}
