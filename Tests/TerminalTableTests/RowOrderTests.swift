import Testing

@testable import TerminalTable

@Suite struct RowOrderTests {
    @Test func asIsMapsNothing() {
        let order = RowOrder()
        #expect(order.sourceIndex(7, count: nil) == 7)
        #expect(order.sourceRange(3..<9, count: 100) == 3..<9)
        #expect(order.sourceDirection(PagedRows<Int>.Direction.down) == .down)
    }

    @Test func reversedShowsTheLastSourceRowFirst() {
        let order = RowOrder(isReversed: true)
        #expect(order.sourceIndex(0, count: 100) == 99)
        #expect(order.sourceIndex(99, count: 100) == 0)
        #expect(order.sourceIndex(100, count: 100) == nil)
        #expect(order.sourceIndex(-1, count: 100) == nil)
        #expect(order.sourceIndex(0, count: nil) == nil)  // the end is not known yet
        #expect(order.sourceDirection(PagedRows<Int>.Direction.down) == .up)
        #expect(order.sourceDirection(PagedRows<Int>.Direction.up) == .down)
    }

    @Test func reversedRanges() {
        let order = RowOrder(isReversed: true)
        #expect(order.sourceRange(0..<20, count: 100) == 80..<100)
        #expect(order.sourceRange(90..<100, count: 100) == 0..<10)
        #expect(order.sourceRange(0..<20, count: 5) == 0..<5)  // clipped to the rows
        #expect(order.sourceRange(0..<0, count: 100).isEmpty)
        #expect(order.sourceRange(0..<20, count: nil).isEmpty)
    }

    @Test func reversedPagesAreFetchedFromTheEnd() {
        // 1,000 rows of 50 a page: the first screen of the reversed table is the last page.
        var rows = PagedRows<Int>(pageSize: 50)
        _ = rows.plan(visible: 0..<20, direction: .down)
        rows.receive(page: 0, rows: Array(0..<50), totalCount: 1000)
        let order = RowOrder(isReversed: true)
        let plan = rows.plan(visible: order.sourceRange(0..<20, count: rows.rowCount), direction: order.sourceDirection(.down))
        #expect(plan.fetch == [19, 18])  // the last page, then the one "ahead" going down the view
        rows.receive(page: 19, rows: Array(950..<1000), totalCount: 1000)
        #expect(order.sourceIndex(0, count: rows.rowCount).flatMap(rows.row(at:)) == 999)
    }
}
