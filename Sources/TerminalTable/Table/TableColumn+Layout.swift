// Deciding column widths for a given screen width.
extension TableColumn {
    /// The width of each column when the table is `totalWidth` cells wide and columns
    /// are separated by `separatorWidth` cells.
    ///
    /// Fixed columns and flexible minimums are served first, leftover space goes to
    /// flexible columns by weight. When even the minimums do not fit, columns are cut
    /// from the right (possibly to 0, meaning "hidden") so the row never overflows.
    ///
    /// ```swift
    /// TableColumn.layout(columns, totalWidth: 80, separatorWidth: 3) // e.g. [6, 60, 8]
    /// ```
    public static func layout(_ columns: [TableColumn], totalWidth: Int, separatorWidth: Int) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let available = max(0, totalWidth - separatorWidth * (columns.count - 1))
        var widths = columns.map { column -> Int in
            switch column.width {
            case .fixed(let width): return max(0, width)
            case .flexible(let minimum, _): return max(0, minimum)
            }
        }
        var extra = available - widths.reduce(0, +)
        if extra > 0 {
            distribute(extra, over: columns, into: &widths)
        }
        // Too narrow: take space away from the rightmost columns first, keeping the
        // leading (usually most important) columns intact.
        var index = columns.count - 1
        while extra < 0, index >= 0 {
            let taken = min(widths[index], -extra)
            widths[index] -= taken
            extra += taken
            index -= 1
        }
        return widths
    }

    private static func distribute(_ extra: Int, over columns: [TableColumn], into widths: inout [Int]) {
        let weights = columns.map { column -> Int in
            if case .flexible(_, let weight) = column.width { return max(1, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return }  // only fixed columns: leave the rest empty
        var remaining = extra
        for index in columns.indices where weights[index] > 0 {
            let share = extra * weights[index] / totalWeight
            widths[index] += share
            remaining -= share
        }
        // Rounding leftovers go to the first flexible columns, one cell each.
        for index in columns.indices where weights[index] > 0 && remaining > 0 {
            widths[index] += 1
            remaining -= 1
        }
    }
}
