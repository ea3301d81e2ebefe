import HotelClient

/// Which logos to load, which loads to cancel, and the decoded thumbnails kept in memory:
/// the lazy-loading rules of a scrolling list, as a pure state machine.
///
/// - Loads start only for the rows the caller says are visible, nearest first, at most
///   `maxConcurrent` at a time.
/// - Loads for rows that left the screen are cancelled.
/// - While the user scrolls fast the caller passes `hold: true`: nothing new starts, and
///   the visible rows load once scrolling settles.
/// - A failure is remembered and shown, not retried on every frame; `retryFailed()`
///   makes failed logos eligible again.
/// - Thumbnails live in a least-recently-used cache of `capacity` entries.
///
/// ```swift
/// var queue = LogoQueue<String, Thumbnail>(maxConcurrent: 4, capacity: 256)
/// let step = queue.update(visible: ["H1", "H2"], hold: false)  // start H1, H2
/// queue.finish("H1", with: .success(thumb))
/// queue.state(of: "H1")                                         // .loaded(thumb)
/// ```
public struct LogoQueue<Key: Hashable & Sendable, Image: Sendable>: Sendable {
    public enum State: Sendable {
        case notRequested
        case loading
        case loaded(Image)
        case failed(String)
    }

    public struct Step: Sendable, Equatable {
        public var start: [Key] = []
        public var cancel: [Key] = []
    }

    public let maxConcurrent: Int
    public let capacity: Int
    public private(set) var loading: Set<Key> = []
    private var images: [Key: (image: Image, lastUse: UInt64)] = [:]
    private var failures: [Key: String] = [:]
    private var clock: UInt64 = 0

    public init(maxConcurrent: Int = 4, capacity: Int = 512) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.capacity = max(1, capacity)
    }

    public var cachedCount: Int { images.count }
    public var failedCount: Int { failures.count }

    public func state(of key: Key) -> State {
        if let entry = images[key] { return .loaded(entry.image) }
        if let failure = failures[key] { return .failed(failure) }
        return loading.contains(key) ? .loading : .notRequested
    }

    /// Call whenever the visible rows change (or a load finished). `visible` is in the
    /// order loads should start, e.g. top to bottom.
    public mutating func update(visible: [Key], hold: Bool) -> Step {
        var step = Step()
        let wanted = Set(visible)
        step.cancel = loading.filter { !wanted.contains($0) }
        loading.subtract(step.cancel)
        for key in visible {
            if images[key] != nil { touch(key) }
        }
        guard !hold else { return step }
        for key in visible where loading.count < maxConcurrent {
            guard images[key] == nil, failures[key] == nil, !loading.contains(key) else { continue }
            loading.insert(key)
            step.start.append(key)
        }
        return step
    }

    /// A load ended. Results for keys no longer loading (cancelled) are still cached
    /// when they succeeded: the work is done, and the row may come back.
    public mutating func finish(_ key: Key, with result: Result<Image, LogoLoadError>) {
        loading.remove(key)
        switch result {
        case .success(let image):
            store(image, for: key)
        case .failure(let error) where error.isCancellation:
            break
        case .failure(let error):
            failures[key] = error.message
        }
    }

    /// Failed logos become eligible again on the next `update`.
    public mutating func retryFailed() {
        failures.removeAll()
    }

    private mutating func touch(_ key: Key) {
        clock += 1
        images[key]?.lastUse = clock
    }

    private mutating func store(_ image: Image, for key: Key) {
        clock += 1
        if images[key] == nil, images.count >= capacity,
            let oldest = images.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            images[oldest] = nil
        }
        images[key] = (image, clock)
    }
}
