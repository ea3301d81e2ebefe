/// The order rows are shown in, relative to the order their source gives them: as is, or
/// reversed on the client (a source that sorts one way only can still be shown the other
/// way round, given random access and the total count).
///
/// Reversed, shown row `i` of `n` is source row `n - 1 - i`; pages are still fetched and
/// kept in the source's order (`PagedRows`), only the indices are mapped.
///
/// ```swift
/// let order = RowOrder(isReversed: true)
/// order.sourceIndex(0, count: 100)            // 99
/// order.sourceRange(0..<20, count: 100)      // 80..<100
/// ```
public struct RowOrder: Sendable, Equatable {
    public var isReversed: Bool

    public init(isReversed: Bool = false) {
        self.isReversed = isReversed
    }

    /// The source row shown at `index`; nil when reversed and the count is not known yet
    /// (nothing can be placed before the end is known) or outside `0..<count`.
    public func sourceIndex(_ index: Int, count: Int?) -> Int? {
        guard isReversed else { return index }
        guard let count, index >= 0, index < count else { return nil }
        return count - 1 - index
    }

    /// The source rows behind the shown rows `range`. Reversed and without a count it is
    /// empty: only the first page (which tells the count) can be wanted then.
    public func sourceRange(_ range: Range<Int>, count: Int?) -> Range<Int> {
        guard isReversed else { return range }
        guard let count else { return 0..<0 }
        let lower = max(0, count - min(range.upperBound, count))
        let upper = max(lower, count - max(0, range.lowerBound))
        return lower..<upper
    }

    /// Scrolling down the shown rows walks the source up when reversed.
    public func sourceDirection<Row>(_ direction: PagedRows<Row>.Direction) -> PagedRows<Row>.Direction {
        guard isReversed else { return direction }
        return direction == .down ? .up : .down
    }
}
