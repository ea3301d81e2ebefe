import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildProcess {
    /// The termination, if the child has ended (it is reaped at most once), without blocking.
    package func poll() -> Termination? {
        state.withLock { state in
            if let termination = state.termination { return termination }
            // A blocking `wait()` is reaping: it records the end.
            if state.reaping { return nil }
            var status: Int32 = 0
            let rc = waitpid(pid, &status, WNOHANG)
            if rc == pid {
                state.termination = Termination(status: status)
            } else if rc < 0 && errno == ECHILD {
                state.recordLost()
            }
            return state.termination
        }
    }

    /// Blocks until the child ends. For the harness's main thread or a thread of one's
    /// own: never on one of the cooperative pool's few threads, which other tasks need.
    @discardableResult
    package func wait() -> Termination {
        let reaper = state.withLock { state in
            guard state.termination == nil, !state.reaping else { return false }
            state.reaping = true
            return true
        }
        if reaper {
            var status: Int32 = 0
            var rc: pid_t
            repeat { rc = waitpid(pid, &status, 0) } while rc < 0 && errno == EINTR
            state.withLock { state in
                state.reaping = false
                if rc == pid { state.termination = Termination(status: status) } else { state.recordLost() }
            }
        }
        // Another thread is in waitpid: it records the end as soon as there is one.
        while true {
            if let termination = state.withLock({ $0.termination }) { return termination }
            usleep(1000)
        }
    }

    /// Waits up to `timeout` seconds for the child to end, suspending between polls (no
    /// thread is held); nil if it is still running then.
    package func wait(timeout: Double) async throws -> Termination? {
        try await polled(until: ContinuousClock.now + .seconds(timeout))
    }

    /// Waits for the child to end however long it takes, suspending between polls.
    package func waitForExit() async throws -> Termination {
        // `polled(until: nil)` returns only with a termination.
        try await polled(until: nil)!
    }

    /// Polls every millisecond at first, then every 20 ms: a short run is noticed at once,
    /// a long one costs next to nothing.
    private func polled(until deadline: ContinuousClock.Instant?) async throws -> Termination? {
        var pause = Duration.milliseconds(1)
        while deadline.map({ ContinuousClock.now < $0 }) ?? true {
            if let done = poll() { return done }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
        return poll()
    }

    /// Sends `signal` unless the child has already been reaped (its pid may be another's).
    package func send(_ signal: Int32) {
        if poll() == nil { Glibc.kill(pid, signal) }
    }

    /// SIGTERM (a server lets in-flight requests finish), then SIGKILL after `grace`
    /// seconds; returns once the child is reaped. Blocks, as `wait()` does.
    @discardableResult
    package func terminate(grace: Double = 10) -> Termination {
        if let done = poll() { return done }
        send(SIGTERM)
        let deadline = ContinuousClock.now + .seconds(grace)
        while poll() == nil && ContinuousClock.now < deadline { usleep(20_000) }
        send(SIGKILL)
        return wait()
    }

    /// Waits (blocking) and throws unless the child exited 0.
    package func check() throws {
        let termination = wait()
        guard termination == .exited(0) else { throw SpawnError("\(argv.joined(separator: " ")) \(termination)") }
    }
}

extension ChildProcess.State {
    /// The child cannot be waited for: someone else reaped it (or SIGCHLD is ignored).
    /// Recorded as `exited(-1)`, a status no program can exit with, so no wait goes on forever.
    mutating func recordLost() {
        termination = .exited(-1)
    }
}
