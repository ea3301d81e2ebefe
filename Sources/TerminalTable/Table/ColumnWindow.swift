/// Which columns a table shows when it scrolls sideways: the columns that fit from a
/// first column on, each at least its minimum width (a fixed width, or a flexible
/// column's `min`).
///
/// While every column fits, all are shown and there is nothing to scroll. Otherwise the
/// window starts at `first` and takes columns while they fit (always at least one, which
/// `TableColumn.layout` then cuts to the width). `first` stops where the last column
/// comes into view, so scrolling right never leaves empty space.
///
/// ```swift
/// let window = ColumnWindow(columns: columns, totalWidth: 40, separatorWidth: 3, first: 1)
/// window.range                 // e.g. 1..<4
/// window.hiddenLeft            // 1: "◂" in the header
/// window.hiddenRight           // columns.count - 4
/// ```
public struct ColumnWindow: Sendable, Equatable {
    /// The columns shown, as indices into the columns given.
    public let range: Range<Int>
    /// The largest useful `first`: from it on, the last column is in view.
    public let maxFirst: Int
    public let columnCount: Int

    public init(columns: [TableColumn], totalWidth: Int, separatorWidth: Int, first: Int) {
        columnCount = columns.count
        guard !columns.isEmpty else {
            range = 0..<0
            maxFirst = 0
            return
        }
        let minimums = columns.map(\.minimumWidth)
        // The first column from which all the rest fit, scanning back from the end.
        var start = columns.count - 1
        var used = minimums[start]
        while start > 0, used + separatorWidth + minimums[start - 1] <= totalWidth {
            start -= 1
            used += separatorWidth + minimums[start]
        }
        maxFirst = start
        let first = min(max(0, first), start)
        var end = first + 1
        used = minimums[first]
        while end < columns.count, used + separatorWidth + minimums[end] <= totalWidth {
            used += separatorWidth + minimums[end]
            end += 1
        }
        range = first..<end
    }

    /// Columns scrolled out on the left.
    public var hiddenLeft: Int { range.lowerBound }
    /// Columns that do not fit on the right.
    public var hiddenRight: Int { columnCount - range.upperBound }
}

extension TableColumn {
    /// The fewest cells the column is laid out with while there is room.
    public var minimumWidth: Int {
        switch width {
        case .fixed(let width): return max(0, width)
        case .flexible(let minimum, _): return max(0, minimum)
        }
    }
}
