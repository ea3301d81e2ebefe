import ArgumentParser
import Foundation

/// How `hotels import` shares the CPU with the rest of the machine (`--priority`).
///
/// An import is long, CPU-bound work, often run beside the `hotels serve` that answers
/// from the same catalog (docs/INVENTORY.md, "Importing beside a server"). `low`, the
/// default, sets its nice value to `lowNice`, as `nice -n 19 hotels import …` would: the
/// scheduler then gives the server's threads the cores first, and the import takes what
/// they leave; on an idle machine that is every core, so the import is no slower. On two
/// cores, 1,000,000 rows beside a server at half its capacity raised its p99 2.66× at
/// nice 0, 2.60× at 10 and 2.26× at 19 (BENCHMARKS.md, "Serving while importing"): the
/// rest is not the scheduler's to give. `normal` keeps the priority it was given.
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
            if current < Self.lowNice { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, Self.lowNice) }
        }
    }
}
