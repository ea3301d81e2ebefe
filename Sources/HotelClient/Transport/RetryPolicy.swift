import Foundation

/// When a failed exchange is tried again, and after how long.
///
/// Only failures that say nothing about the request are retried (a refused or reset
/// connection, a 503: ``HotelClientError/isRetryable``), only before any of the body reached
/// the reader (rows may be out: a retry would repeat them), and at most `retries` times, after
/// 0.25 s, 0.5 s, 1 s, … (capped at 8 s) with ±20 % jitter so clients retrying together
/// spread out.
///
/// ```swift
/// var retry = RetryPolicy(retries: 2)
/// if let delay = retry.delay(after: error, delivered: false) { try await Task.sleep(for: delay) }
/// ```
struct RetryPolicy: Sendable {
    let retries: Int
    /// Attempts made again so far.
    private(set) var attempt = 0

    init(retries: Int) { self.retries = max(0, retries) }

    /// The wait before trying again, or nil when `error` is final.
    mutating func delay(after error: any Error, delivered: Bool) -> Duration? {
        guard !delivered, let error = error as? HotelClientError, error.isRetryable, attempt < retries else { return nil }
        attempt += 1
        return Self.delay(attempt: attempt, jitter: Double.random(in: 0.8...1.2))
    }

    /// The wait before the `attempt`th retry (1-based), scaled by `jitter`.
    static func delay(attempt: Int, jitter: Double) -> Duration {
        let base = min(8.0, 0.25 * pow(2.0, Double(max(1, attempt) - 1)))
        return .milliseconds(Int((base * jitter * 1000).rounded()))
    }
}
