/// Which row is selected and which rows are on screen: pure viewport logic, no drawing.
///
/// The screen is split into `headerLines` at the top, `footerLines` (the status bar)
/// at the bottom and a body in between, where each row takes `rowHeight` lines.
///
/// ```swift
/// var state = TableViewState(rowHeight: 2, screenHeight: 24)
/// state.updateRowCount(500)
/// state.handle(.pageDown)
/// state.visibleRows   // e.g. 11..<22
/// ```
public struct TableViewState: Sendable, Equatable {
    public private(set) var selectedIndex = 0
    /// Index of the row drawn first (at the top of the body).
    public private(set) var topRow = 0
    public private(set) var rowCount = 0
    public private(set) var screenHeight: Int
    /// Lines per row; more than 1 leaves room for e.g. an image logo.
    public let rowHeight: Int
    public let headerLines: Int
    public let footerLines: Int
    public var scrollVelocity: ScrollVelocityTracker

    public init(
        rowHeight: Int = 1,
        screenHeight: Int = 24,
        headerLines: Int = 1,
        footerLines: Int = 1,
        scrollVelocity: ScrollVelocityTracker = ScrollVelocityTracker()
    ) {
        self.rowHeight = max(1, rowHeight)
        self.screenHeight = max(0, screenHeight)
        self.headerLines = max(0, headerLines)
        self.footerLines = max(0, footerLines)
        self.scrollVelocity = scrollVelocity
    }

    /// Lines available for rows.
    public var bodyHeight: Int { max(0, screenHeight - headerLines - footerLines) }

    /// Rows that fit in the body. At least 1 whenever the body has any line, so a
    /// tiny terminal still shows (part of) the selected row.
    public var visibleRowCount: Int {
        bodyHeight == 0 ? 0 : max(1, bodyHeight / rowHeight)
    }

    /// Indices of the rows currently on screen.
    public var visibleRows: Range<Int> {
        topRow..<min(rowCount, topRow + visibleRowCount)
    }

    /// Call when the terminal is resized; keeps the selection on screen.
    public mutating func resize(screenHeight: Int) {
        self.screenHeight = max(0, screenHeight)
        clamp()
    }

    /// Call when the data source's row count changes; `nil` (unknown) counts as 0.
    public mutating func updateRowCount(_ count: Int?) {
        rowCount = max(0, count ?? 0)
        clamp()
    }

    /// Selects a row (clamped) and scrolls just enough to show it.
    public mutating func select(_ index: Int) {
        selectedIndex = index
        clamp()
    }

    public mutating func moveSelection(by delta: Int) {
        select(selectedIndex + delta)
    }

    /// Moves selection and viewport together by one screenful, so the selected row
    /// stays at the same place on screen (like `less`).
    public mutating func pageDown() {
        let page = max(1, visibleRowCount)
        topRow += page
        selectedIndex += page
        clamp()
    }

    public mutating func pageUp() {
        let page = max(1, visibleRowCount)
        topRow -= page
        selectedIndex -= page
        clamp()
    }

    /// The row drawn at a screen line (0 = top of the screen), e.g. for mouse clicks.
    public func rowIndex(atScreenLine line: Int) -> Int? {
        let bodyLine = line - headerLines
        guard bodyLine >= 0, bodyLine < bodyHeight else { return nil }
        let index = topRow + bodyLine / rowHeight
        return index < rowCount ? index : nil
    }

    /// Keeps selection inside the rows and the viewport around the selection.
    private mutating func clamp() {
        selectedIndex = min(max(0, selectedIndex), max(0, rowCount - 1))
        let maxTop = max(0, rowCount - visibleRowCount)
        if selectedIndex < topRow { topRow = selectedIndex }
        if visibleRowCount > 0, selectedIndex >= topRow + visibleRowCount {
            topRow = selectedIndex - visibleRowCount + 1
        }
        topRow = min(max(0, topRow), maxTop)
    }
}
