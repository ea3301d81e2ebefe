import TerminalTable
import Testing

@Suite("PagedRows: which pages a viewport needs")
struct PagedRowsTests {
    func loaded(_ total: Int, pages: [Int], pageSize: Int = 50) -> PagedRows<Int> {
        var rows = PagedRows<Int>(pageSize: pageSize)
        for page in pages {
            let start = page * pageSize
            rows.receive(page: page, rows: Array(start..<min(total, start + pageSize)), totalCount: total)
        }
        return rows
    }

    @Test("before the count is known only page 0 is asked for, once")
    func firstPage() {
        var rows = PagedRows<Int>(pageSize: 50)
        #expect(rows.plan(visible: 0..<0, direction: .down).fetch == [0])
        #expect(rows.plan(visible: 0..<0, direction: .down).fetch == [])
        #expect(rows.inFlight == [0])
    }

    @Test("the visible pages plus one ahead in the direction of travel")
    func ahead() {
        var rows = loaded(1000, pages: [0])
        #expect(rows.plan(visible: 40..<60, direction: .down).fetch == [1, 2])
        var up = loaded(1000, pages: [5])
        #expect(up.plan(visible: 250..<270, direction: .up).fetch == [4])
    }

    @Test("jumping to the end of 100,000 rows fetches the last page only")
    func jumpToEnd() {
        var rows = loaded(100_000, pages: [0, 1])
        let plan = rows.plan(visible: 99_976..<100_000, direction: .down)
        #expect(plan.fetch == [1999])
        #expect(rows.row(at: 99_999) == nil)
        rows.receive(page: 1999, rows: Array(99_950..<100_000), totalCount: 100_000)
        #expect(rows.row(at: 99_999) == 99_999)
    }

    @Test("requests for pages scrolled past are cancelled")
    func cancel() {
        var rows = loaded(100_000, pages: [0])
        _ = rows.plan(visible: 100..<120, direction: .down)  // 2 and 3 in flight
        let plan = rows.plan(visible: 5_000..<5_020, direction: .down)
        #expect(plan.cancel == [2, 3])
        #expect(plan.fetch == [100, 101])
        #expect(rows.inFlight == [100, 101])
    }

    @Test("pages far from the viewport are evicted and fetched again on return")
    func evict() {
        var rows = loaded(100_000, pages: Array(0..<10))
        _ = rows.plan(visible: 4_000..<4_020, direction: .down)
        #expect(rows.loadedPages.isEmpty)
        #expect(rows.plan(visible: 0..<20, direction: .up).fetch == [0])
        // Near pages stay.
        var near = loaded(100_000, pages: Array(0..<10))
        _ = near.plan(visible: 200..<220, direction: .down)
        #expect(near.loadedPages == Set(0...9))
    }

    @Test("memory stays bounded however far one scrolls")
    func bounded() {
        var rows = PagedRows<Int>(pageSize: 50, keepDistance: 2)
        rows.receive(page: 0, rows: Array(0..<50), totalCount: 100_000)
        for top in stride(from: 0, to: 99_000, by: 7) {
            for page in rows.plan(visible: top..<top + 24, direction: .down).fetch {
                rows.receive(page: page, rows: Array(page * 50..<page * 50 + 50), totalCount: 100_000)
            }
            #expect(rows.loadedPageCount <= 2 + 3 + 2)
        }
    }

    @Test("a failed page is not asked for again until retryFailed")
    func failure() {
        var rows = loaded(1000, pages: [0])
        #expect(rows.plan(visible: 60..<80, direction: .down).fetch == [1, 2])
        rows.fail(page: 1, message: "connection refused")
        rows.receive(page: 2, rows: Array(100..<150), totalCount: 1000)
        #expect(rows.plan(visible: 60..<80, direction: .down).fetch == [])
        #expect(rows.failed[1] == "connection refused")
        rows.retryFailed()
        #expect(rows.plan(visible: 60..<80, direction: .down).fetch == [1])
    }

    @Test("a smaller total drops pages past the new end; reset cancels what is in flight")
    func shrinkAndReset() {
        var rows = loaded(1000, pages: [0, 19])
        rows.receive(page: 0, rows: Array(0..<50), totalCount: 120)
        #expect(rows.loadedPages == [0])
        _ = rows.plan(visible: 60..<80, direction: .down)
        #expect(rows.reset() == [1, 2])
        #expect(rows.totalCount == nil && rows.loadedPageCount == 0)
    }
}
