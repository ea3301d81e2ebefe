import Testing

@testable import TerminalTable

@Suite struct TableLayoutTests {
    @Test func fixedAndFlexibleColumns() {
        let columns = [
            TableColumn("A", width: .fixed(5)),
            TableColumn("B", width: .flexible(min: 5)),
            TableColumn("C", width: .fixed(4)),
        ]
        #expect(TableColumn.layout(columns, totalWidth: 40, separatorWidth: 3) == [5, 25, 4])
    }

    @Test func weightsShareLeftoverSpace() {
        let columns = [
            TableColumn("A", width: .flexible(min: 0, weight: 1)),
            TableColumn("B", width: .flexible(min: 0, weight: 3)),
        ]
        #expect(TableColumn.layout(columns, totalWidth: 41, separatorWidth: 1) == [10, 30])
    }

    @Test func tooNarrowCutsFromTheRight() {
        let columns = [
            TableColumn("A", width: .fixed(10)),
            TableColumn("B", width: .flexible(min: 10)),
            TableColumn("C", width: .fixed(10)),
        ]
        let widths = TableColumn.layout(columns, totalWidth: 20, separatorWidth: 1)
        #expect(widths == [10, 8, 0])
        #expect(widths.reduce(0, +) + 2 <= 20)
    }

    @Test(arguments: 0...60)
    func neverWiderThanTheScreen(width: Int) {
        let columns = [
            TableColumn("Logo", width: .fixed(6)),
            TableColumn("Name", width: .flexible(min: 12, weight: 2)),
            TableColumn("City", width: .flexible(min: 8)),
            TableColumn("Price", width: .fixed(9)),
        ]
        let widths = TableColumn.layout(columns, totalWidth: width, separatorWidth: 3)
        let shown = widths.filter { $0 > 0 }
        #expect(shown.reduce(0, +) + 3 * max(0, shown.count - 1) <= max(width, 0) || shown.count <= 1)
        #expect(widths.allSatisfy { $0 >= 0 })
    }
}
