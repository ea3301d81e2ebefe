import Foundation

/// CPU time used by processes, from `/proc/PID/stat` (user + system, in clock ticks), so
/// the PostgreSQL section can say what each request cost in every process that served
/// it: the figure that says how a deployment scales, where requests/s on two shared cores
/// cannot.
enum ProcessCPU {
    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`, 100 on Linux).
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// User + system ticks of `pid`; with `children`, also those of its reaped children
    /// (cutime + cstime), so a PostgreSQL backend that exits during a run still counts,
    /// in its postmaster. 0 for a process that is gone.
    static func ticks(_ pid: pid_t, children: Bool = false) -> Int {
        guard let fields = statFields(pid), fields.count > 14 else { return 0 }
        // After the ")" of comm: state is field 3, so utime (14) is index 11.
        let own = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        return children ? own + (Int(fields[13]) ?? 0) + (Int(fields[14]) ?? 0) : own
    }

    /// The ticks of a whole server: `root` with its reaped children, plus every live child.
    static func treeTicks(_ root: pid_t) -> Int {
        ticks(root, children: true) + children(of: root).map { ticks($0) }.reduce(0, +)
    }

    /// Live direct children of `parent` (a postmaster's backends and workers).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), let fields = statFields(pid), fields.count > 1 else { return nil }
            return pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// The fields after the command name (which may hold spaces and parentheses):
    /// state, ppid, pgrp, … as in proc(5), starting at field 3.
    private static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}
