/// Turns frames (`CellBuffer`s) into the bytes that update a terminal, sending only
/// the cells that changed since the previous frame.
///
/// When lines of the new frame are lines of the old one moved up or down (a scroll by
/// a row or a few), the terminal moves them itself: a scroll region (DECSTBM) around
/// them, SU or SD, and only the lines that enter and the cells that changed are sent.
/// Each non-empty update is wrapped in synchronized-output markers and hides the
/// cursor. A frame of a different size, or a call to `invalidate()`, causes a full
/// redraw (clear screen, then every non-blank cell).
///
/// ```swift
/// var renderer = Renderer()
/// terminal.write(renderer.render(frame))       // first frame: full redraw
/// terminal.write(renderer.render(nextFrame))   // only what changed
/// ```
public struct Renderer: Sendable {
    private var previous: CellBuffer?
    private var previousHashes: [Int] = []
    /// Picture ids on the screen, kept across `invalidate()`: a full redraw must take
    /// away kitty's, which clearing the screen may leave.
    private var shownPictures: Set<UInt32> = []

    /// True where a scroll region moves pictures with the text (kitty, mlterm, iTerm2,
    /// WezTerm, xterm); false makes the renderer redraw in place whenever pictures lie in
    /// the lines it would scroll.
    public var picturesScrollWithText = true

    /// True for kitty before 0.27, whose scroll regions are off by one line at the bottom:
    /// a picture whose last line is the region's last is not moved, and one that a scroll
    /// down brings to end there is cut by a line. Both are taken away and drawn again at
    /// their new place, as pictures the region cut.
    public var picturesAtRegionBottomStay = false

    /// False sends every change as a diff, for terminals that mishandle scroll regions
    /// and for measuring what the regions save.
    public var usesScrollRegions: Bool

    public init(usesScrollRegions: Bool = true, picturesScrollWithText: Bool = true) {
        self.usesScrollRegions = usesScrollRegions
        self.picturesScrollWithText = picturesScrollWithText
    }

    /// Forgets the previous frame so the next `render` redraws everything, e.g. after
    /// a resize or when the screen may have been garbled by another program.
    public mutating func invalidate() {
        previous = nil
        previousHashes = []
    }

    /// The bytes that turn the previous frame into `frame`; empty when nothing changed.
    public mutating func render(_ frame: CellBuffer, forceFullRedraw: Bool = false) -> [UInt8] {
        render(frame, forceFullRedraw: forceFullRedraw, pictures: NoPictures())
    }

    /// The same, drawing the frame's terminal-drawn pictures (`TerminalPicture`) with the
    /// bytes `pictures` gives, and taking away those that left (see `Renderer+Pictures`).
    public mutating func render(_ frame: CellBuffer, forceFullRedraw: Bool = false, pictures: some PictureSource) -> [UInt8] {
        var output = ""
        var baseline: CellBuffer
        var rewrites: [Int: Int] = [:]
        var stranded: Set<UInt32> = []
        let hashes = frame.rowHashes()
        if let previous, !forceFullRedraw, previous.width == frame.width, previous.height == frame.height {
            baseline = previous
            if usesScrollRegions,
                let scroll = LineScroll.best(
                    from: previousHashes, to: hashes, oldPictures: previous.pictureRowHashes(), newPictures: frame.pictureRowHashes()),
                picturesScrollWithText || !Self.hasPictures(in: previous, lines: scroll.region)
            {
                // DECSTBM homes the cursor, and the lines that enter take the current
                // background: plain style first, margins reset after.
                output +=
                    EscapeSequence.resetStyle + EscapeSequence.setScrollRegion(scroll.region)
                    + (scroll.count > 0 ? EscapeSequence.scrollUp(scroll.count) : EscapeSequence.scrollDown(-scroll.count))
                    + EscapeSequence.resetScrollRegion
                baseline = previous.scrolled(scroll.region, by: scroll.count)
                if picturesAtRegionBottomStay {
                    stranded = Self.pictures(in: previous, endingOn: scroll.region)
                    if scroll.count < 0 { stranded.formUnion(Self.pictures(in: baseline, endingOn: scroll.region)) }
                }
            }
            rewrites = Self.lineRewrites(frame: frame, baseline: baseline)
            output += Self.removePictures(from: &baseline, keeping: frame, rewrites: rewrites, stale: stranded, source: pictures)
        } else {
            // Clearing the screen may leave kitty's pictures, which float above the text.
            for id in shownPictures.sorted() { output += pictures.removeSequence(for: id) }
            // After clearing, the screen equals a blank frame, so diffing against one
            // gives a full redraw that still skips empty cells.
            output += EscapeSequence.resetStyle + EscapeSequence.clearScreen
            baseline = CellBuffer(width: frame.width, height: frame.height)
        }
        previous = frame
        previousHashes = hashes
        let drawnPictures = Self.drawPictures(in: frame, over: baseline, source: pictures)
        shownPictures = frame.hasPictures ? Set(Self.pictureExtents(in: frame).keys) : []

        var changes = ""
        var currentStyle = Style.plain
        for row in 0..<frame.height {
            // nil = we don't know where the cursor is, so the next write must move it.
            var cursorColumn: Int?
            if let start = rewrites[row] {
                changes +=
                    EscapeSequence.moveCursor(row: row, column: start) + EscapeSequence.transition(from: currentStyle, to: .plain)
                    + EscapeSequence.eraseToEndOfLine
                currentStyle = .plain
                cursorColumn = start
                for column in start..<frame.width { baseline.set(.blank, row: row, column: column) }
            }
            for column in 0..<frame.width {
                let cell = frame[row, column]
                if cell.isContinuation { continue }
                if cell == baseline[row, column] {
                    // Rewriting a few unchanged cells is cheaper than a cursor move
                    // (at least 6 bytes), so short gaps inside a run are bridged.
                    let bridges =
                        cursorColumn == column
                        && Self.nextChange(in: frame, baseline: baseline, row: row, after: column) != nil
                    if !bridges { continue }
                }
                if cursorColumn != column {
                    changes += EscapeSequence.moveCursor(row: row, column: column)
                }
                changes += EscapeSequence.transition(from: currentStyle, to: cell.style)
                currentStyle = cell.style
                changes += cell.text
                let next = column + max(1, cell.width)
                // After text the terminal may measure otherwise, place the cursor anew.
                cursorColumn = next < frame.width && !Self.hasUncertainWidth(cell) ? next : nil
            }
        }
        if currentStyle != .plain { changes += EscapeSequence.resetStyle }
        changes += drawnPictures
        if changes.isEmpty && output.isEmpty { return [] }

        return Array(
            (EscapeSequence.beginSynchronizedUpdate + EscapeSequence.hideCursor
                + output + changes + EscapeSequence.endSynchronizedUpdate).utf8)
    }

    /// Longest run of unchanged cells worth rewriting instead of moving the cursor.
    private static let maximumBridgedGap = 4

    /// Column of the next changed cell within `maximumBridgedGap` cells after `column`.
    private static func nextChange(in frame: CellBuffer, baseline: CellBuffer, row: Int, after column: Int) -> Int? {
        let end = min(frame.width, column + 1 + maximumBridgedGap)
        guard column + 1 < end else { return nil }
        return (column + 1..<end).first { frame[row, $0] != baseline[row, $0] }
    }
}
