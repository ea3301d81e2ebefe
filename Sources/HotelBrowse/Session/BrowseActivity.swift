/// Counters for tests and the benchmark: what a `BrowseSession` asked the network for.
public struct BrowseActivity: Sendable, Equatable {
    public var pagesRequested: [Int] = []
    public var pagesCancelled = 0
    public var logosStarted: [(row: Int, visible: Range<Int>)] = []
    public var logosCancelled = 0
    public var frames = 0

    public static func == (a: BrowseActivity, b: BrowseActivity) -> Bool {
        a.pagesRequested == b.pagesRequested && a.pagesCancelled == b.pagesCancelled && a.logosCancelled == b.logosCancelled
            && a.frames == b.frames && a.logosStarted.map(\.row) == b.logosStarted.map(\.row)
    }
}
