/// Waits, without blocking a thread, until `condition` holds. It is tried again every
/// `interval` (a poll, not a guess at how long anything takes) until `timeout` has passed;
/// then a `TimedOut` names `what` and tells `state()`.
package func waitUntil(
    _ what: String, timeout: Duration = .seconds(20), interval: Duration = .milliseconds(10),
    state: @autoclosure () -> String = "", _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else {
            let detail = state()
            throw TimedOut(description: "timed out after \(timeout) waiting for \(what)" + (detail.isEmpty ? "" : "; \(detail)"))
        }
        try await Task.sleep(for: interval)
    }
}
