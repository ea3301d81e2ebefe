/// Glue between a `TerminalDriver` and a `Renderer`: hand it frames, it writes the
/// difference.
///
/// ```swift
/// var screen = TerminalScreen(terminal)
/// screen.present(tableView.render(state: state, dataSource: source, status: status, size: terminal.size))
/// // on .resize: screen.invalidate(), then present again
/// ```
public struct TerminalScreen: Sendable {
    public let terminal: any TerminalDriver
    private var renderer: Renderer

    /// `usesScrollRegions: false` diffs every frame in place (see `Renderer`).
    public init(_ terminal: any TerminalDriver, usesScrollRegions: Bool = true) {
        self.terminal = terminal
        renderer = Renderer(usesScrollRegions: usesScrollRegions)
    }

    /// Draws `frame`, writing only what changed since the last frame.
    public mutating func present(_ frame: CellBuffer) {
        let bytes = renderer.render(frame)
        if !bytes.isEmpty { terminal.write(bytes) }
    }

    /// Draws `frame` with its terminal-drawn pictures, whose bytes `pictures` gives.
    public mutating func present(_ frame: CellBuffer, pictures: some PictureSource) {
        let bytes = renderer.render(frame, pictures: pictures)
        if !bytes.isEmpty { terminal.write(bytes) }
    }

    /// Whether scroll regions may move pictures with the text (see `Renderer`).
    public var picturesScrollWithText: Bool {
        get { renderer.picturesScrollWithText }
        set { renderer.picturesScrollWithText = newValue }
    }

    /// Whether the terminal leaves pictures ending on a scroll region's last line in place,
    /// and cuts those a scroll down brings there (see `Renderer`,
    /// `GraphicsChoice.picturesAtRegionBottomStay`).
    public var picturesAtRegionBottomStay: Bool {
        get { renderer.picturesAtRegionBottomStay }
        set { renderer.picturesAtRegionBottomStay = newValue }
    }

    /// Makes the next `present` redraw everything.
    public mutating func invalidate() {
        renderer.invalidate()
    }
}
