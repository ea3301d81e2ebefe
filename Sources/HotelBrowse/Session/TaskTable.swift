/// Running tasks by key, each with a token, so a result that arrives after its task was
/// cancelled or replaced is recognised as stale and dropped.
///
/// Used only from the browse loop's task, so it needs no lock.
final class TaskTable<Key: Hashable> {
    private var tasks: [Key: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextToken = 0

    var count: Int { tasks.count }

    /// Starts `operation` for `key`, cancelling one already running. The operation gets
    /// the token to send back with its result.
    func start(_ key: Key, _ operation: @escaping @Sendable (Int) async -> Void) {
        cancel(key)
        nextToken += 1
        let token = nextToken
        tasks[key] = (token, Task { await operation(token) })
    }

    func cancel(_ key: Key) {
        tasks.removeValue(forKey: key)?.task.cancel()
    }

    func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
        tasks.removeAll()
    }

    /// Cancels every task and waits until they have ended, for tasks that clean up after
    /// themselves (a half-written file) and must do so before the program exits.
    func cancelAllAndWait() async {
        let running = tasks.values.map(\.task)
        cancelAll()
        for task in running { await task.value }
    }

    /// True if `token` is the running task for `key`: a report from a task that goes on.
    func isCurrent(_ key: Key, token: Int) -> Bool {
        tasks[key]?.token == token
    }

    /// True if `token` is the running task for `key`; it is then forgotten (it finished).
    func complete(_ key: Key, token: Int) -> Bool {
        guard tasks[key]?.token == token else { return false }
        tasks[key] = nil
        return true
    }
}
