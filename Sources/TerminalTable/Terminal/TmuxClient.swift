import Foundation

/// What tmux knows of the terminal it is attached to, which a program inside tmux cannot
/// ask that terminal itself: tmux answers the queries in its place. The caller asks tmux
/// (`tmux display-message -p` with `displayFormat`) and hands the output over.
///
/// ```swift
/// // tmux display-message -p '#{client_termtype}\t#{client_termfeatures}'
/// let client = TmuxClient(displayOutput: "foot(1.16.2)\t256,RGB,clipboard,sixel,sync")
/// client?.terminal?.name   // "foot"
/// client?.hasSixel         // true
/// ```
public struct TmuxClient: Sendable, Equatable {
    /// The format to give `tmux display-message -p`: the attached terminal's own
    /// XTVERSION text and the features tmux found it has (tmux 3.3 and later).
    public static let displayFormat = "#{client_termtype}\t#{client_termfeatures}"

    /// The outer terminal's XTVERSION reply as tmux got it; nil when it gave none.
    public var terminal: TerminalVersion?
    /// tmux's feature names for the outer terminal, e.g. `RGB`, `sixel`, `sync`.
    public var features: Set<String>

    public init(terminal: TerminalVersion?, features: Set<String>) {
        self.terminal = terminal
        self.features = features
    }

    /// Reads the output of `displayFormat`; nil when it is not two tab-separated fields
    /// (an older tmux prints the format's names unexpanded or nothing).
    public init?(displayOutput: String) {
        let fields = displayOutput.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 2, !fields.contains(where: { $0.contains("#{") }) else { return nil }
        let type = fields[0].trimmingCharacters(in: .whitespaces)
        terminal = type.isEmpty ? nil : TerminalVersion(type)
        features = Set(fields[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// tmux draws sixel images on this terminal: the outer terminal listed sixel in its
    /// DA1, or the user declared it (`terminal-features`).
    public var hasSixel: Bool { features.contains("sixel") }
}
