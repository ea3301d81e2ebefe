import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// `hotels import --priority`: by default the import yields the CPU to a server beside it
/// (issue 32 point 5, measured in hotels-bench's "Serving while importing"); read back from
/// the running process's /proc entries while it waits on its standard input.
@Suite("hotels import --priority", .serialized)
struct ImportPriorityTests {
    /// Field `number` (1-based, as proc(5) counts) of the stat of `thread` of `pid`, read
    /// after the name, which may hold spaces; nil once it is gone.
    static func stat(pid: pid_t, thread: pid_t, field number: Int) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > number - 3 ? Int32(fields[number - 3]) : nil
    }

    /// The nice value of `thread` of `pid` (field 19), or nil once it is gone.
    static func nice(pid: pid_t, thread: pid_t) -> Int32? { stat(pid: pid, thread: thread, field: 19) }

    /// The scheduling policy (field 41): 0 `SCHED_OTHER`, 5 `SCHED_IDLE`.
    static func policy(pid: pid_t, thread: pid_t) -> Int32? { stat(pid: pid, thread: thread, field: 41) }

    /// The CPUs `thread` may run on, as `Cpus_allowed_list` says (`0-1`, `1`).
    static func cpus(pid: pid_t, thread: pid_t) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            .map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) }
    }

    static func threads(of pid: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap { pid_t($0) }
    }

    /// Starts an import reading standard input, which the test holds open, and returns the
    /// process with the nice value it started with (this test's).
    static func importing(_ arguments: [String], scratch: InventoryScratch, into name: String = "mine.sqlite") throws -> (
        ChildProcess, base: Int32
    ) {
        errno = 0
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let process = try ChildProcess(
            [HotelsBinary.url.path, "import", "-", "--format", "csv", "--into", scratch.path(name)] + arguments,
            stdin: .pipe, stdout: .capture, stderr: .capture)
        return (process, base)
    }

    @Test("by default every thread of an import into a new catalog runs at nice 19, on every CPU it was given, not under SCHED_IDLE")
    func lowByDefault() async throws {
        let scratch = try InventoryScratch()
        let (process, base) = try Self.importing([], scratch: scratch)
        // Every thread, as /proc shows them at each look: the import lowers them one by one.
        func lowered() -> (nice: [Int32], policies: [Int32]) {
            let threads = Self.threads(of: process.pid)
            return (
                threads.compactMap { Self.nice(pid: process.pid, thread: $0) },
                threads.compactMap { Self.policy(pid: process.pid, thread: $0) }
            )
        }
        // libdispatch moves its own threads by their QoS; none is left at the old value.
        try await waitUntil(
            "every thread of the import above nice \(base)", timeout: .seconds(30),
            state: "\(lowered()); \(process.stderr)"
        ) {
            let (nice, policies) = lowered()
            return !nice.isEmpty && nice.allSatisfy { $0 > base } && !policies.isEmpty
        }
        #expect(Self.nice(pid: process.pid, thread: process.pid) == 19)
        // SCHED_IDLE only beside a served catalog: this import builds a new one on two threads.
        #expect(lowered().policies.allSatisfy { $0 == 0 }, "\(lowered().policies)")
        let threads = Self.threads(of: process.pid)
        // A new catalog is built on two threads: every CPU stays allowed.
        let mine = Self.cpus(pid: getpid(), thread: getpid())
        #expect(threads.compactMap { Self.cpus(pid: process.pid, thread: $0) }.allSatisfy { $0 == mine })
        process.writeStdin(ImportCommandTests.header + "\n")
        process.closeStdin()
        let end = try await process.waitForExit()
        #expect(end == .exited(0), "\(process.stderr)")
    }

    @Test("into an existing catalog (one a server may read), every thread is under SCHED_IDLE and keeps to the last CPU it was given")
    func oneCPUIntoAnExistingCatalog() async throws {
        let allowed = Self.cpus(pid: getpid(), thread: getpid()) ?? ""
        let last = allowed.split(separator: ",").last?.split(separator: "-").last.map(String.init)
        let scratch = try InventoryScratch()
        let created = try await scratch.hotels(
            ["import", "-", "--format", "csv", "--into", scratch.path("mine.sqlite")], stdin: ImportCommandTests.header + "\n")
        #expect(created.status == 0, "\(created.stderr)")
        let (process, _) = try Self.importing([], scratch: scratch)
        func settings() -> [String] {
            Self.threads(of: process.pid).map {
                "\(Self.cpus(pid: process.pid, thread: $0) ?? "gone")/\(Self.policy(pid: process.pid, thread: $0).map(String.init) ?? "gone")"
            }
        }
        // The import lowers its threads one by one: every one, in the end.
        try await waitUntil(
            "every thread of the import to keep to CPU \(last ?? "?") under SCHED_IDLE", timeout: .seconds(30),
            state: "CPUs/policy per thread: \(settings()), allowed here: \(allowed); \(process.stderr)"
        ) {
            let now = settings()
            return !now.isEmpty && now.allSatisfy { $0 == "\(last ?? "?")/5" }
        }
        process.writeStdin(ImportCommandTests.header + "\n")
        process.closeStdin()
        #expect(try await process.waitForExit() == .exited(0), "\(process.stderr)")
    }

    @Test("--priority normal leaves it as it was started; a bad value is a usage error (64)")
    func normal() async throws {
        let scratch = try InventoryScratch()
        let (process, base) = try Self.importing(["--priority", "normal"], scratch: scratch)
        // Nothing to wait for but the process being up: give it the time the default took.
        try await Task.sleep(for: .seconds(1))
        #expect(Self.nice(pid: process.pid, thread: process.pid) == base)
        #expect(Self.policy(pid: process.pid, thread: process.pid) == 0)
        process.closeStdin()
        _ = try await process.waitForExit()
        let bad = try await scratch.hotels(["import", "x.csv", "--into", "mine.sqlite", "--priority", "idle"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }
}
