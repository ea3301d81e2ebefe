import Testing

@testable import TerminalTable

@Suite struct ColumnWindowTests {
    /// Minimum widths 4, 12, 8, 5, 14 (the browse table's) with 3-cell separators: 55 cells.
    let columns = [
        TableColumn("Logo", width: .fixed(4)),
        TableColumn("Name", width: .flexible(min: 12, weight: 3)),
        TableColumn("City", width: .flexible(min: 8)),
        TableColumn("Stars", width: .fixed(5)),
        TableColumn("Price", width: .fixed(14)),
    ]

    @Test func everythingFitsNothingScrolls() {
        let window = ColumnWindow(columns: columns, totalWidth: 55, separatorWidth: 3, first: 3)
        #expect(window.range == 0..<5)
        #expect(window.maxFirst == 0)
        #expect(window.hiddenLeft == 0 && window.hiddenRight == 0)
    }

    @Test func tooNarrowShowsWhatFitsFromTheFirstColumn() {
        // 4+3+12+3+8+3+5 = 38 fits in 40; the Price column does not.
        let window = ColumnWindow(columns: columns, totalWidth: 40, separatorWidth: 3, first: 0)
        #expect(window.range == 0..<4)
        #expect(window.hiddenRight == 1)
        // From City on, everything left fits (8+3+5+3+14 = 33): scrolling stops there.
        #expect(window.maxFirst == 2)
        let scrolled = ColumnWindow(columns: columns, totalWidth: 40, separatorWidth: 3, first: 1)
        #expect(scrolled.range == 1..<4)  // Name, City, Stars: Price still does not fit
        #expect(scrolled.hiddenLeft == 1 && scrolled.hiddenRight == 1)
        let end = ColumnWindow(columns: columns, totalWidth: 40, separatorWidth: 3, first: 9)
        #expect(end.range == 2..<5)
        #expect(end.hiddenLeft == 2 && end.hiddenRight == 0)
    }

    @Test func aColumnWiderThanTheScreenIsStillShown() {
        let window = ColumnWindow(columns: columns, totalWidth: 10, separatorWidth: 3, first: 4)
        #expect(window.range == 4..<5)
        #expect(window.maxFirst == 4)
        #expect(ColumnWindow(columns: [], totalWidth: 10, separatorWidth: 3, first: 0).range.isEmpty)
        #expect(ColumnWindow(columns: columns, totalWidth: 10, separatorWidth: 3, first: -2).range == 0..<1)
    }
}
