/// Asks again until an answer shows a change, and says when the first request that answered
/// it was sent, counted from `since` (the commit). Why "sent": the promise is that the server
/// answers from a commit within `limit`, and on a loaded machine a request may take longer
/// than that to come back; what breaks the promise is a request sent after `limit` that still
/// answers from before. Returns nil for that, with the stale answer.
package func firstNewAnswer<Answer: Sendable>(
    since: ContinuousClock.Instant, limit: Duration = .seconds(1), _ ask: () async throws -> Answer,
    isNew: (Answer) -> Bool
) async throws -> (sentAfter: Duration?, answer: Answer) {
    while true {
        let sent = ContinuousClock.now
        let answer = try await ask()
        if isNew(answer) { return (sent - since, answer) }
        if sent - since > limit { return (nil, answer) }
    }
}
