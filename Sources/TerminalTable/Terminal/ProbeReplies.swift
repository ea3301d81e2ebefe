/// What a terminal said in reply to `TerminalProbe`'s queries; a field stays nil when no
/// reply to that query came (the terminal does not know it, or it was late).
///
/// ```swift
/// var parser = ProbeReplyParser()
/// _ = parser.feed(Array("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c".utf8))
/// parser.replies.terminalVersion?.name   // "kitty"
/// parser.replies.cellPixelSize           // PixelSize(width: 10, height: 20)
/// parser.replies.hasSixel                // false
/// ```
public struct ProbeReplies: Sendable, Equatable {
    /// XTVERSION: the terminal's (or tmux's) name and version.
    public var terminalVersion: TerminalVersion?
    /// DA1's numbers after `?`: the device class (62 = VT220 level …, 1 = VT100) and then
    /// the attributes, e.g. [63, 1, 2, 4, 6] for an xterm started with `-ti vt340`.
    public var deviceAttributes: [Int]?
    /// The kitty graphics query's answer: true for `OK`, false for an error message (the
    /// protocol is known but refused this); nil without a reply.
    public var kittyGraphics: Bool?
    /// `CSI 6 ; height ; width t`.
    public var cellSize: PixelSize?
    /// `CSI 4 ; height ; width t`: the text area in pixels.
    public var textAreaPixels: PixelSize?
    /// `CSI 8 ; rows ; columns t`: the text area in cells.
    public var textAreaCells: TerminalSize?

    public init(
        terminalVersion: TerminalVersion? = nil, deviceAttributes: [Int]? = nil, kittyGraphics: Bool? = nil, cellSize: PixelSize? = nil,
        textAreaPixels: PixelSize? = nil, textAreaCells: TerminalSize? = nil
    ) {
        self.terminalVersion = terminalVersion
        self.deviceAttributes = deviceAttributes
        self.kittyGraphics = kittyGraphics
        self.cellSize = cellSize
        self.textAreaPixels = textAreaPixels
        self.textAreaCells = textAreaCells
    }

    /// True when nothing at all was answered (no terminal, or the probe timed out).
    public var isEmpty: Bool { self == ProbeReplies() }

    /// DA1 lists attribute 4, which terminals use to announce sixel graphics. Only the
    /// numbers after the device class count: a VT132 answers `?4;6c`.
    public var hasSixel: Bool {
        deviceAttributes?.dropFirst().contains(4) ?? false
    }

    /// The size of a cell in pixels: reported directly, or else the text area in pixels
    /// divided by the text area in cells. Nil when neither was reported or a size is 0
    /// (tmux reports 0 when its outer terminal did not tell it).
    public var cellPixelSize: PixelSize? {
        if let cellSize, cellSize.width > 0, cellSize.height > 0 { return cellSize }
        guard let pixels = textAreaPixels, let cells = textAreaCells, cells.width > 0, cells.height > 0 else { return nil }
        let size = PixelSize(width: pixels.width / cells.width, height: pixels.height / cells.height)
        return size.width > 0 && size.height > 0 ? size : nil
    }
}
