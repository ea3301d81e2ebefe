import ChildProcess
import Foundation

/// Counts what a running server does per request, with `perf stat` attached to it: lock
/// waits (futex waits: an uncontended lock never enters the kernel), context switches and
/// `malloc` calls (a uprobe on the server's libc, so root only).
///
/// Kept out of the timed runs: a uprobe traps on every `malloc` and would slow the very
/// requests being timed. The harness runs a separate, shorter load under it.
struct PerfCounters {
    struct Counts {
        var futexWaits: Int
        var contextSwitches: Int
        /// nil when the malloc probe could not be made (not root, no perf probe support).
        var mallocs: Int?
    }

    let perf: String
    /// `probe_libc:malloc` when it exists or could be made.
    let mallocEvent: String?

    /// The futex operations that sleep: FUTEX_WAIT and FUTEX_WAIT_BITSET, with and without
    /// FUTEX_PRIVATE_FLAG (128) and FUTEX_CLOCK_REALTIME (256). Wakes are not waits.
    private static let waitFilter = [0, 9, 128, 137, 265, 393].map { "op == \($0)" }.joined(separator: " || ")

    /// nil when `perf` is missing or cannot attach to processes here.
    static func make(server: pid_t) -> PerfCounters? {
        guard let perf = ChildProcess.find("perf"),
            let probe = try? ChildProcess.capture([perf, "stat", "-x,", "-e", "syscalls:sys_enter_futex", "--", "true"]), probe.code == 0
        else { return nil }
        return PerfCounters(perf: perf, mallocEvent: mallocProbe(perf: perf, server: server))
    }

    /// Makes (once per boot) a uprobe on `malloc` in the libc the server has mapped.
    private static func mallocProbe(perf: String, server: pid_t) -> String? {
        let event = "probe_libc:malloc"
        if let listed = try? ChildProcess.capture([perf, "probe", "-l"]), listed.output.contains(event) { return event }
        guard let maps = try? String(contentsOfFile: "/proc/\(server)/maps", encoding: .utf8),
            let line = maps.split(separator: "\n").first(where: { $0.contains("/libc.so") || $0.contains("/libc-") }),
            let library = line.split(separator: " ").last
        else { return nil }
        guard let made = try? ChildProcess.capture([perf, "probe", "-x", String(library), "malloc"]), made.code == 0 else { return nil }
        return event
    }

    /// Attaches to `pid`, runs `load`, detaches, and returns what was counted meanwhile.
    func count(pid: pid_t, scratch: String, during load: () throws -> Void) throws -> Counts {
        var events = ["-e", "syscalls:sys_enter_futex", "--filter", Self.waitFilter, "-e", "context-switches"]
        if let mallocEvent { events += ["-e", mallocEvent] }
        let output = scratch + ".perf"
        let stat = try ChildProcess([perf, "stat", "-x,", "-o", output, "-p", String(pid)] + events, stdout: .null, stderr: .null)
        defer { try? FileManager.default.removeItem(atPath: output) }
        // perf needs a moment to attach; counting starts late rather than missing the load.
        usleep(300_000)
        try load()
        stat.send(SIGINT)
        let end = stat.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let counts = Self.parse(text)
        guard let futex = counts["syscalls:sys_enter_futex"], let switches = counts["context-switches"] else {
            throw BenchError("perf stat \(end) without counts:\n\(text)")
        }
        return Counts(futexWaits: futex, contextSwitches: switches, mallocs: mallocEvent.flatMap { counts[$0] })
    }

    /// `perf stat -x,` lines: "12345,,context-switches,3001234,100.00,,": the count, the
    /// unit, the event.
    static func parse(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 2, let count = Int(fields[0]) else { continue }
            counts[String(fields[2])] = count
        }
        return counts
    }
}
