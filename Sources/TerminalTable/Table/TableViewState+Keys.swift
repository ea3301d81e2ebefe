// Keyboard and mouse navigation on top of the pure movement methods.
extension TableViewState {
    /// Rows moved per mouse wheel notch.
    public static let wheelStep = 3

    /// Applies a navigation key: arrows, Page Up/Down (also Space), Home/End, vi keys
    /// (j/k/g/G, Ctrl-F/Ctrl-B), mouse wheel and clicks. Returns false for keys that are not
    /// navigation, so the caller can handle them.
    ///
    /// Moves that change the selection are recorded at `time` for
    /// `isScrollingFast(at:)`.
    ///
    /// ```swift
    /// if !state.handle(key) { handleCommand(key) }
    /// ```
    @discardableResult
    public mutating func handle(_ key: Key, at time: ContinuousClock.Instant = .now) -> Bool {
        let before = selectedIndex
        switch key {
        case .up, .char("k"): moveSelection(by: -1)
        case .down, .char("j"): moveSelection(by: 1)
        case .pageUp, .ctrl("b"): pageUp()
        case .pageDown, .ctrl("f"), .char(" "): pageDown()
        case .home, .char("g"): select(0)
        case .end, .char("G"): select(rowCount - 1)
        case .mouseWheelUp: moveSelection(by: -Self.wheelStep)
        case .mouseWheelDown: moveSelection(by: Self.wheelStep)
        case .mouseClick(let row, _):
            guard let index = rowIndex(atScreenLine: row) else { return false }
            select(index)
        default:
            return false
        }
        if selectedIndex != before {
            scrollVelocity.recordMove(at: time)
        }
        return true
    }

    /// True while the user is moving quickly through rows (see `ScrollVelocityTracker`).
    public func isScrollingFast(at time: ContinuousClock.Instant = .now) -> Bool {
        scrollVelocity.isScrollingFast(at: time)
    }
}
