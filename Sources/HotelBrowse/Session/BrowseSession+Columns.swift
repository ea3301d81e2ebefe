import Foundation
import HotelSOAP
import TerminalTable

/// Columns: which are shown (`c`), which fit (`←` `→` `h` `l` scroll sideways), and
/// sorting by them (`s` the next sortable column, `S` reversed).
extension BrowseSession {
    /// Every column this table has, hidden or not.
    var allColumns: [HotelColumn] {
        HotelColumn.columns(of: .browse, showsLogos: settings.images != .disabled, showsDistance: settings.query.near != nil)
    }

    /// The columns not hidden with `c`.
    var unhiddenColumns: [HotelColumn] {
        allColumns.filter { !hiddenColumns.contains($0) }
    }

    static let columnSeparator = " │ "

    /// The unhidden columns that fit the terminal's width from `firstColumn` on.
    var columnWindow: ColumnWindow {
        ColumnWindow(
            columns: unhiddenColumns.map(\.tableColumn), totalWidth: terminal.size.width,
            separatorWidth: DisplayWidth.of(Self.columnSeparator), first: firstColumn)
    }

    /// The columns drawn now.
    var drawnColumns: [HotelColumn] {
        Array(unhiddenColumns[columnWindow.range])
    }

    func scrollColumns(by delta: Int) {
        let window = columnWindow
        firstColumn = min(max(0, window.range.lowerBound + delta), window.maxFirst)
    }

    /// The column the rows are sorted by, if the order is a column's.
    var sortColumn: HotelColumn? {
        (settings.query.sortBy).flatMap(HotelColumn.init(sortOrder:))
    }

    /// `s`: relevance, then each shown sortable column left to right (that the dialect
    /// can sort by), then relevance again. The new order starts unreversed.
    func nextSortColumn() {
        // Only the orders the service can be asked for (OpenTravel: name and rate).
        let sortable = unhiddenColumns.compactMap(\.sortOrder).filter(client.dialect.sortOrders.contains)
        let current = settings.query.sortBy ?? .relevance
        let next: HotelSOAP.SortOrder
        if let index = sortable.firstIndex(of: current) {
            next = index + 1 < sortable.count ? sortable[index + 1] : .relevance
        } else {
            next = current == .relevance ? sortable.first ?? .relevance : .relevance
        }
        settings.query.sortBy = next
        order.isReversed = false
        startNewQuery()
    }

    /// `S`: the same result bottom up, from its first row (the other end of the result
    /// is what one reverses for). The service sorts one way only, so this is done here:
    /// shown row i is the service's row N-1-i, which needs the count N up front and any
    /// page on demand (random access).
    func reverseOrder() {
        guard client.dialect.paging == .randomAccess else {
            notice = "S needs the total count first; this service pages sequentially, so the order stays"
            return
        }
        order.isReversed.toggle()
        state.select(0)
        direction = .down
    }

    /// `c` panel keys: a digit toggles that column, Esc, Enter, `c` or `q` close.
    func handleColumnsKey(_ key: Key) {
        switch key {
        case .escape, .enter, .char("c"), .char("q"):
            mode = .table
        case .char(let digit) where digit.wholeNumberValue != nil:
            let columns = allColumns
            guard let number = digit.wholeNumberValue, (1...columns.count).contains(number) else { return }
            let column = columns[number - 1]
            if hiddenColumns.contains(column) {
                hiddenColumns.remove(column)
                notice = nil
            } else if unhiddenColumns.count > 1 {
                hiddenColumns.insert(column)
                notice = nil
            } else {
                notice = "at least one column stays visible"
            }
            firstColumn = min(firstColumn, columnWindow.maxFirst)
        default:
            break
        }
    }

    /// The `c` panel's content.
    var columnsPanel: TextPanel {
        let lines = allColumns.enumerated().map { number, column in
            "\(number + 1)  \(hiddenColumns.contains(column) ? " " : "✓")  \(column.title)"
        }
        return TextPanel(title: "Columns", lines: lines + ["", notice ?? "digit: show / hide"], footer: "Esc Enter c close")
    }
}
