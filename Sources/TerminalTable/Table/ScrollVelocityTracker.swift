/// Tells whether the user is scrolling fast, so a client can hold back expensive work
/// (such as loading images for rows that will be gone from the screen a moment later).
///
/// Pure: timestamps are passed in, so tests can use any instants they like.
///
/// ```swift
/// var tracker = ScrollVelocityTracker(threshold: 4, window: .milliseconds(300))
/// tracker.recordMove(at: .now)
/// if !tracker.isScrollingFast(at: .now) { loadVisibleImages() }
/// ```
public struct ScrollVelocityTracker: Sendable, Equatable {
    /// Moves within `window` that count as fast scrolling.
    public var threshold: Int
    public var window: Duration
    private var recentMoves: [ContinuousClock.Instant] = []

    public init(threshold: Int = 4, window: Duration = .milliseconds(300)) {
        self.threshold = max(1, threshold)
        self.window = window
    }

    public mutating func recordMove(at time: ContinuousClock.Instant) {
        recentMoves.append(time)
        // Only the last `threshold` moves can ever matter.
        if recentMoves.count > threshold {
            recentMoves.removeFirst(recentMoves.count - threshold)
        }
    }

    /// True when at least `threshold` moves happened in the `window` before `time`.
    public func isScrollingFast(at time: ContinuousClock.Instant) -> Bool {
        let recent = recentMoves.filter { $0 <= time && $0.duration(to: time) < window }
        return recent.count >= threshold
    }
}
