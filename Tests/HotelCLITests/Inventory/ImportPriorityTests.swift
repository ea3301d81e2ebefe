import ChildProcess
import Foundation
import HotelTestSupport
import Testing

/// `hotels import --priority`: by default the import yields the CPU to a server beside it
/// (issue 32 point 5, measured in hotels-bench's "Serving while importing"); read back from
/// the running process's /proc entries while it waits on its standard input.
@Suite("hotels import --priority", .serialized)
struct ImportPriorityTests {
    /// The nice value of `thread` of `pid` (field 19 of its stat, counted after the name,
    /// which may hold spaces), or nil once it is gone.
    static func nice(pid: pid_t, thread: pid_t) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 16 ? Int32(fields[16]) : nil
    }

    /// Starts an import reading standard input, which the test holds open, and returns the
    /// process with the nice value it started with (this test's).
    static func importing(_ arguments: [String], scratch: InventoryScratch) throws -> (ChildProcess, base: Int32) {
        errno = 0
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let process = try ChildProcess(
            [HotelsBinary.url.path, "import", "-", "--format", "csv", "--into", scratch.path("mine.sqlite")] + arguments,
            stdin: .pipe, stdout: .capture, stderr: .capture)
        return (process, base)
    }

    @Test("by default every thread of the import runs at nice 19, the lowest priority")
    func lowByDefault() async throws {
        let scratch = try InventoryScratch()
        let (process, base) = try Self.importing([], scratch: scratch)
        let lowered: Int32 = 19
        try await waitUntil(
            "the import's main thread to be at nice \(lowered)", timeout: .seconds(30),
            state: "it is at \(Self.nice(pid: process.pid, thread: process.pid).map(String.init) ?? "gone"); \(process.stderr)"
        ) {
            Self.nice(pid: process.pid, thread: process.pid) == lowered
        }
        // libdispatch moves its own threads by their QoS; none is left at the old value.
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.pid)/task")) ?? []
        let values = threads.compactMap { pid_t($0) }.compactMap { Self.nice(pid: process.pid, thread: $0) }
        #expect(!values.isEmpty && values.allSatisfy { $0 > base }, "\(values) against \(base)")
        process.writeStdin(ImportCommandTests.header + "\n")
        process.closeStdin()
        let end = try await process.waitForExit()
        #expect(end == .exited(0), "\(process.stderr)")
    }

    @Test("--priority normal leaves it as it was started; a bad value is a usage error (64)")
    func normal() async throws {
        let scratch = try InventoryScratch()
        let (process, base) = try Self.importing(["--priority", "normal"], scratch: scratch)
        // Nothing to wait for but the process being up: give it the time the default took.
        try await Task.sleep(for: .seconds(1))
        #expect(Self.nice(pid: process.pid, thread: process.pid) == base)
        process.closeStdin()
        _ = try await process.waitForExit()
        let bad = try await scratch.hotels(["import", "x.csv", "--into", "mine.sqlite", "--priority", "idle"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }
}
