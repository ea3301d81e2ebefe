/// How a cell is drawn. `nil` colours mean "the terminal's default".
///
/// ```swift
/// let warning = Style(foreground: RGB(255, 80, 0), bold: true)
/// let selected = warning.merged(with: Style(reverse: true))
/// ```
public struct Style: Sendable, Hashable {
    public var foreground: RGB?
    public var background: RGB?
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: RGB? = nil,
        background: RGB? = nil,
        bold: Bool = false,
        dim: Bool = false,
        underline: Bool = false,
        reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with everything `other` sets layered on top: colours of `other`
    /// win when present, flags are combined.
    public func merged(with other: Style) -> Style {
        Style(
            foreground: other.foreground ?? foreground,
            background: other.background ?? background,
            bold: bold || other.bold,
            dim: dim || other.dim,
            underline: underline || other.underline,
            reverse: reverse || other.reverse
        )
    }
}
