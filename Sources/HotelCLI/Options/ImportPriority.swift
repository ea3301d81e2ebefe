import ArgumentParser
import CProcessPriority
import Foundation

/// How `hotels import` shares the CPU with the rest of the machine (`--priority`).
///
/// An import is long, CPU-bound work, often run beside the `hotels serve` that answers
/// from the same catalog (docs/INVENTORY.md, "Importing beside a server"). `low`, the
/// default, runs every thread of the import at nice 19, as `nice -n 19 hotels import …`
/// would. Into an SQLite catalog that already exists (one a server may be reading) it also
/// puts them under `SCHED_IDLE`, which the scheduler runs only on a CPU nothing else wants
/// and takes back the moment a server's thread wakes (at nice 19 the import finished its
/// time slice first), and keeps them to one CPU, the last it may use, so the server has the
/// others to itself; that import writes on one thread anyway. Not elsewhere: a new catalog
/// is built on two threads, and an import into PostgreSQL holds connections that an import
/// starved on a busy machine let time out. On an idle machine the import takes whole CPUs
/// all the same. On two cores, beside a server at half its capacity, the server's p99
/// during a 1,000,000-row import was 2.3–2.6× its p99 without at nice 19, 1.3–1.6× with
/// `SCHED_IDLE` on one CPU (BENCHMARKS.md, "Serving while importing"). `normal` keeps the
/// priority it was given.
///
/// ```sh
/// hotels import hotels.csv --into mine.sqlite                    # yields to a server
/// hotels import hotels.csv --into mine.sqlite --priority normal  # competes for the cores
/// ```
enum ImportPriority: String, CaseIterable, ExpressibleByArgument, Sendable {
    case low
    case normal

    /// The nice value of `low`: the lowest priority there is.
    static let lowNice: Int32 = 19

    /// Lowers every thread the process has (Linux gives each thread its own nice value and
    /// policy, and a thread started later inherits its creator's), so work already handed
    /// to another thread yields too; with `beside` (into a catalog a server may be reading),
    /// also `SCHED_IDLE` and the last CPU it may use. Again until a pass finds no thread it
    /// has not seen: a thread started by one not yet lowered would keep the old settings.
    /// Best effort: a thread that ended meanwhile is skipped, and a policy or CPU the system
    /// refuses leaves the thread as it was.
    func apply(beside: Bool) {
        guard self == .low else { return }
        let current = hs_current_thread()
        var seen: Set<pid_t> = []
        for _ in 0..<100 {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            let threads = tasks.compactMap { pid_t($0) }.filter { !seen.contains($0) && $0 != current }
            if threads.isEmpty { break }
            for thread in threads {
                seen.insert(thread)
                lower(thread, beside: beside)
            }
        }
        // This thread last: once idle-policy, on a busy machine it would hardly run again to
        // lower the rest.
        lower(current, beside: beside)
    }

    private func lower(_ thread: pid_t, beside: Bool) {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread))
        guard errno == 0 else { return }
        if current < Self.lowNice { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), Self.lowNice) }
        guard beside else { return }
        _ = hs_set_idle_policy(thread)
        _ = hs_confine_to_last_cpu(thread)
    }
}
