import ArgumentParser
import Foundation

/// How `hotels import` shares the CPU with the rest of the machine (`--priority`).
///
/// An import is long, CPU-bound work, often run beside the `hotels serve` that answers
/// from the same catalog (docs/INVENTORY.md, "Importing beside a server"). `low`, the
/// default, raises its nice value by `lowNiceness`, as `nice -n 10 hotels import …` would:
/// the scheduler then gives the server's threads the cores first, and the import takes
/// what they leave. On an idle machine that is every core, so the import is no slower
/// (BENCHMARKS.md, "Serving while importing"). `normal` keeps the priority it was given.
///
/// ```sh
/// hotels import hotels.csv --into mine.sqlite                    # yields to a server
/// hotels import hotels.csv --into mine.sqlite --priority normal  # competes for the cores
/// ```
enum ImportPriority: String, CaseIterable, ExpressibleByArgument, Sendable {
    case low
    case normal

    /// What `low` adds to the nice value (capped at 19, the lowest priority).
    static let lowNiceness: Int32 = 10

    /// Lowers every thread the process has (Linux gives each thread its own nice value,
    /// and a thread started later inherits its creator's), so work already handed to
    /// another thread yields too. Best effort: a thread that ended meanwhile is skipped.
    func apply() {
        guard self == .low else { return }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let threads = tasks.compactMap { id_t($0) }
        for thread in threads.isEmpty ? [0] : threads {
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
            guard errno == 0 else { continue }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, min(19, current + Self.lowNiceness))
        }
    }
}
