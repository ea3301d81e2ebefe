import Testing

@testable import TerminalTable

@Suite struct TableViewStateTests {
    /// 12 screen lines = header + 10 body lines + status.
    func state(rows: Int = 100, rowHeight: Int = 1) -> TableViewState {
        var state = TableViewState(rowHeight: rowHeight, screenHeight: 12)
        state.updateRowCount(rows)
        return state
    }

    @Test func visibleRowsFollowHeight() {
        #expect(state().visibleRowCount == 10)
        #expect(state(rowHeight: 2).visibleRowCount == 5)
        #expect(state(rowHeight: 3).visibleRowCount == 3)
        #expect(state().visibleRows == 0..<10)
        #expect(state(rows: 4).visibleRows == 0..<4)
    }

    @Test func arrowAndViKeys() {
        var state = state()
        state.handle(.down)
        state.handle(.char("j"))
        #expect(state.selectedIndex == 2)
        state.handle(.char("k"))
        state.handle(.up)
        state.handle(.up)
        #expect(state.selectedIndex == 0)
        #expect(state.topRow == 0)
    }

    @Test func scrollsWhenSelectionLeavesViewport() {
        var state = state()
        for _ in 0..<10 { state.handle(.down) }
        #expect(state.selectedIndex == 10)
        #expect(state.topRow == 1)
        #expect(state.visibleRows.contains(state.selectedIndex))
    }

    @Test func pageDownMovesByOnePage() {
        var state = state()
        state.handle(.pageDown)
        #expect(state.selectedIndex == 10)
        #expect(state.topRow == 10)
        state.handle(.down)
        state.handle(.pageUp)
        #expect(state.selectedIndex == 1)
        #expect(state.topRow == 0)
    }

    @Test func pageDownWithTallRows() {
        var state = state(rowHeight: 2)
        state.handle(.pageDown)
        #expect(state.selectedIndex == 5)
        #expect(state.topRow == 5)
    }

    @Test func pageDownStopsAtTheEnd() {
        var state = state(rows: 25)
        state.handle(.pageDown)
        state.handle(.pageDown)
        state.handle(.pageDown)
        #expect(state.selectedIndex == 24)
        #expect(state.topRow == 15)
        #expect(state.visibleRows == 15..<25)
    }

    @Test func homeAndEnd() {
        var state = state()
        state.handle(.end)
        #expect(state.selectedIndex == 99)
        #expect(state.topRow == 90)
        state.handle(.home)
        #expect(state.selectedIndex == 0)
        #expect(state.topRow == 0)
        state.handle(.char("G"))
        #expect(state.selectedIndex == 99)
        state.handle(.char("g"))
        #expect(state.selectedIndex == 0)
    }

    @Test func emptyTableIsSafe() {
        var state = state(rows: 0)
        for key in [Key.down, .up, .pageDown, .pageUp, .end, .home] { state.handle(key) }
        #expect(state.selectedIndex == 0)
        #expect(state.topRow == 0)
        #expect(state.visibleRows.isEmpty)
        state.updateRowCount(nil)
        #expect(state.visibleRows.isEmpty)
    }

    @Test func shrinkingRowCountClampsSelection() {
        var state = state()
        state.handle(.end)
        state.updateRowCount(5)
        #expect(state.selectedIndex == 4)
        #expect(state.topRow == 0)
    }

    @Test func resizeKeepsSelectionVisible() {
        var state = state()
        for _ in 0..<9 { state.handle(.down) }
        #expect(state.topRow == 0)
        state.resize(screenHeight: 6)  // 4 body lines
        #expect(state.visibleRowCount == 4)
        #expect(state.visibleRows.contains(9))
        #expect(state.topRow == 6)
        state.resize(screenHeight: 40)
        #expect(state.topRow <= 9)
        #expect(state.visibleRows.contains(9))
        state.resize(screenHeight: 1)
        #expect(state.visibleRowCount == 0)
        state.handle(.pageDown)  // must not trap with no body
    }

    @Test func mouseClickSelectsRowUnderPointer() {
        var state = state(rowHeight: 2)
        let clickedBody = state.handle(.mouseClick(row: 5, column: 3))  // body line 4 → row 2
        #expect(clickedBody)
        #expect(state.selectedIndex == 2)
        let clickedHeader = state.handle(.mouseClick(row: 0, column: 0))
        #expect(!clickedHeader)
        #expect(state.selectedIndex == 2)
    }

    @Test func mouseWheelMovesSelection() {
        var state = state()
        state.handle(.mouseWheelDown(row: 3, column: 3))
        #expect(state.selectedIndex == TableViewState.wheelStep)
        state.handle(.mouseWheelUp(row: 3, column: 3))
        #expect(state.selectedIndex == 0)
    }

    @Test func otherKeysAreNotHandled() {
        var state = state()
        let quit = state.handle(.char("q"))
        let enter = state.handle(.enter)
        let down = state.handle(.down)
        #expect(!quit && !enter && down)
    }
}

@Suite struct ScrollVelocityTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant {
        start.advanced(by: .milliseconds(milliseconds))
    }

    @Test func slowMovesAreNotFast() {
        var tracker = ScrollVelocityTracker(threshold: 4, window: .milliseconds(300))
        for step in 0..<10 { tracker.recordMove(at: at(step * 200)) }
        #expect(!tracker.isScrollingFast(at: at(1800)))
    }

    @Test func burstIsFastThenCalmsDown() {
        var tracker = ScrollVelocityTracker(threshold: 4, window: .milliseconds(300))
        for step in 0..<4 { tracker.recordMove(at: at(step * 30)) }
        #expect(tracker.isScrollingFast(at: at(100)))
        #expect(tracker.isScrollingFast(at: at(290)))
        #expect(!tracker.isScrollingFast(at: at(400)))
    }

    @Test func stateRecordsOnlyRealMoves() {
        var state = TableViewState(screenHeight: 12, scrollVelocity: ScrollVelocityTracker(threshold: 3, window: .milliseconds(200)))
        state.updateRowCount(50)
        state.handle(.up, at: at(0))  // at the top: no move
        state.handle(.up, at: at(10))
        state.handle(.up, at: at(20))
        #expect(!state.isScrollingFast(at: at(30)))
        state.handle(.down, at: at(40))
        state.handle(.down, at: at(50))
        state.handle(.pageDown, at: at(60))
        #expect(state.isScrollingFast(at: at(70)))
        #expect(!state.isScrollingFast(at: at(500)))
    }
}
