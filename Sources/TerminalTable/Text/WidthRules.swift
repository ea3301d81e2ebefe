import Synchronization

/// How the terminal in front of us draws the emoji sequences terminals disagree on.
///
/// Every terminal lays text out per code point: a letter, a spacing mark (Thai SARA AM,
/// a Devanagari vowel sign) or a narrow symbol takes one cell, an East Asian wide
/// character or an emoji-presentation character two, a combining mark or a format
/// character none. They differ only on a few emoji rules, so those are measured
/// (`WidthProbe`) rather than guessed from `$TERM`:
///
/// | rule                          | kitty, WezTerm, foot, recent VTE | tmux 3.3, xterm |
/// |-------------------------------|----------------------------------|-----------------|
/// | VS16 widens `❤️` to 2 cells    | yes                              | no              |
/// | a skin tone joins `👍🏽`        | yes (2 cells)                    | no (4 cells)    |
/// | ZWJ joins `👨‍👩` into one cell  | yes                              | tmux yes, xterm no |
///
/// ```swift
/// DisplayWidth.rules = WidthRules(variationSelectorWidens: false, modifierJoins: false, zeroWidthJoinerJoins: true)
/// DisplayWidth.of("❤️")   // 1, as tmux 3.3 draws it
/// ```
public struct WidthRules: Sendable, Hashable, CustomStringConvertible {
    /// VS16 (U+FE0F) after a one-cell emoji-capable character makes it two cells wide.
    public var variationSelectorWidens: Bool
    /// A skin-tone modifier (U+1F3FB…U+1F3FF) after an emoji that takes one joins its cell.
    public var modifierJoins: Bool
    /// A pictographic character after ZWJ joins the cell before it (`👨‍👩‍👧` is one cell).
    public var zeroWidthJoinerJoins: Bool

    public init(variationSelectorWidens: Bool, modifierJoins: Bool, zeroWidthJoinerJoins: Bool) {
        self.variationSelectorWidens = variationSelectorWidens
        self.modifierJoins = modifierJoins
        self.zeroWidthJoinerJoins = zeroWidthJoinerJoins
    }

    /// What current terminals that follow the Unicode emoji rules do; the default until
    /// a probe says otherwise (and for output that is not shown on a terminal now).
    public static let unicodeEmoji = WidthRules(variationSelectorWidens: true, modifierJoins: true, zeroWidthJoinerJoins: true)

    public var description: String {
        "VS16 \(variationSelectorWidens ? "widens" : "keeps width"), skin tones \(modifierJoins ? "join" : "stand alone"), "
            + "ZWJ \(zeroWidthJoinerJoins ? "joins" : "does not join")"
    }

    var bits: UInt8 {
        (variationSelectorWidens ? 1 : 0) | (modifierJoins ? 2 : 0) | (zeroWidthJoinerJoins ? 4 : 0)
    }

    init(bits: UInt8) {
        self.init(variationSelectorWidens: bits & 1 != 0, modifierJoins: bits & 2 != 0, zeroWidthJoinerJoins: bits & 4 != 0)
    }
}

extension DisplayWidth {
    private static let ruleBits = Atomic<UInt8>(WidthRules.unicodeEmoji.bits)

    /// The rules every width in this process follows. Set once, when the terminal has been
    /// probed (`TTYTerminal.enter()` does), before anything is measured for it.
    public static var rules: WidthRules {
        get { WidthRules(bits: ruleBits.load(ordering: .relaxed)) }
        set { ruleBits.store(newValue.bits, ordering: .relaxed) }
    }
}
