import ChildProcess
import Foundation
import Synchronization

/// What the harness must not leave behind when it is interrupted (Ctrl-C, SIGTERM):
/// servers it started and throwaway databases. Normal ends and thrown errors stop them
/// through `stop()`/`defer`; a signal would end the process before any of that runs, so
/// a Dispatch source (on a worker thread: the main thread may be blocked in `waitpid`)
/// stops what is registered here, then exits 128 + the signal.
///
/// ```swift
/// Interrupts.install()
/// Interrupts.track(server.pid)
/// Interrupts.onInterrupt(["scripts/pg-temp", "stop", dir])
/// ```
enum Interrupts {
    private struct Registry {
        var pids: Set<pid_t> = []
        var commands: [[String]] = []
        var installed = false
    }
    private static let registry = Mutex(Registry())
    // Kept alive for the life of the process; only touched under the registry's lock.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Takes over SIGINT and SIGTERM (once; later calls do nothing).
    static func install() {
        registry.withLock { registry in
            guard !registry.installed else { return }
            registry.installed = true
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { interrupted(by: number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    static func track(_ pid: pid_t) { registry.withLock { _ = $0.pids.insert(pid) } }
    static func untrack(_ pid: pid_t) { registry.withLock { _ = $0.pids.remove(pid) } }

    /// A command run on interruption, after the tracked processes are stopped.
    static func onInterrupt(_ argv: [String]) { registry.withLock { $0.commands.append(argv) } }
    static func forget(_ argv: [String]) { registry.withLock { $0.commands.removeAll { $0 == argv } } }

    private static func interrupted(by number: Int32) -> Never {
        let (pids, commands) = registry.withLock { ($0.pids, $0.commands) }
        FileHandle.standardError.write(
            Data("hotels-bench: interrupted; stopping \(pids.count) servers and \(commands.count) databases\n".utf8))
        for pid in pids { kill(pid, SIGTERM) }
        // Servers finish in-flight requests on SIGTERM; past 5 s they are killed.
        let deadline = Measure.now() + 5
        while Measure.now() < deadline, pids.contains(where: { kill($0, 0) == 0 && !isZombie($0) }) { usleep(50_000) }
        for pid in pids { kill(pid, SIGKILL) }
        for argv in commands { _ = try? ChildProcess(argv, stderr: .inherit).wait() }
        exit(128 + number)
    }

    /// An exited child nobody has reaped yet still answers `kill(pid, 0)`.
    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else {
            return true
        }
        return text[text.index(after: close)...].split(separator: " ").first == "Z"
    }
}
