/// How to draw pictures on this terminal, decided from its environment, its replies to
/// `TerminalProbe`, tmux's version and what tmux knows of the terminal outside, and the
/// user's choice; with the reasons, in words, for `hotels browse --images-info`.
///
/// ```swift
/// let choice = GraphicsChoice.decide(environment: environment, replies: parser.replies, override: userChoice)
/// choice.imageProtocol   // e.g. .kittyDirect
/// choice.reasons         // ["XTVERSION says kitty(0.26.5): no Unicode placeholders before 0.28 → kitty graphics, direct placement"]
/// ```
///
/// What is chosen, in order (`decide` has the details):
/// - kitty graphics with Unicode placeholders for kitty 0.28 and later and Ghostty;
///   direct placement for older kitty, and for a terminal that answers the kitty query
///   but is not known to draw placeholders;
/// - iTerm2 inline images for iTerm2 and WezTerm (WezTerm's kitty support has no
///   placeholders, its iTerm2 support is complete);
/// - sixel where DA1 lists 4 and the cell size in pixels is known (xterm -ti vt340, foot,
///   mlterm, VS Code with `terminal.integrated.enableImages`);
/// - block symbols (text) otherwise.
///
/// Inside tmux only what can be seen to work: kitty placeholders when the kitty query came
/// back through passthrough (proof that `allow-passthrough` is on), else tmux's own sixel
/// (3.4 and later, built with sixel, attached to a sixel terminal); iTerm2 images and
/// kitty direct placement never, unless the user asks.
public struct GraphicsChoice: Sendable, Equatable {
    public var imageProtocol: ImageProtocol
    /// The program runs inside tmux (whatever it draws with).
    public var isInTmux: Bool
    /// kitty and iTerm2 commands must be wrapped with `EscapeSequence.tmuxPassthrough`.
    /// Never for sixel, which tmux 3.4 draws itself.
    public var usesPassthrough: Bool
    /// One cell in pixels, when the terminal said; sixel images are made this many pixels
    /// per cell.
    public var cellSize: PixelSize?
    /// The terminal reads sixel display mode the old way round (XTerm before patch 369,
    /// foot before 1.8.2): pass to `EscapeSequence.enableSixelScrolling`.
    public var invertedSixelDisplayMode: Bool
    /// The terminal leaves a picture whose last line is a scroll region's last line where it
    /// was when the region scrolls, and cuts a line off one a scroll down brings there
    /// (kitty before 0.27, fixed by its commit 32d8aac): pass
    /// to `TerminalScreen.picturesAtRegionBottomStay`.
    public var picturesAtRegionBottomStay: Bool
    /// Why, one step per line, the last naming the choice after "→".
    public var reasons: [String]

    public init(
        imageProtocol: ImageProtocol, isInTmux: Bool = false, usesPassthrough: Bool = false, cellSize: PixelSize? = nil,
        invertedSixelDisplayMode: Bool = false, picturesAtRegionBottomStay: Bool = false, reasons: [String] = []
    ) {
        self.imageProtocol = imageProtocol
        self.isInTmux = isInTmux
        self.usesPassthrough = usesPassthrough
        self.cellSize = cellSize
        self.invertedSixelDisplayMode = invertedSixelDisplayMode
        self.picturesAtRegionBottomStay = picturesAtRegionBottomStay
        self.reasons = reasons
    }

    /// What to send once the session's screen is set up: for sixel, scrolling on (images
    /// at the cursor, not the top-left corner) and the cursor left right of each image;
    /// empty for the others.
    ///
    /// ```swift
    /// terminal.write(Array((EscapeSequence.enterInteractive + choice.enterSequence).utf8))
    /// ```
    public var enterSequence: String {
        guard imageProtocol == .sixel else { return "" }
        return EscapeSequence.enableSixelScrolling(invertedDisplayMode: invertedSixelDisplayMode) + EscapeSequence.sixelCursorRightOfImage
    }

    /// What to send before giving the terminal back: the cursor mode `enterSequence` set
    /// back to its default. (Scrolling on is the default already.)
    public var leaveSequence: String {
        imageProtocol == .sixel ? EscapeSequence.sixelCursorBelowImage : ""
    }
}
