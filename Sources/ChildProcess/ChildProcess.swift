import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program run as a child process: the one way the benchmark harness and the tests
/// start other programs. Started with `posix_spawn`, reaped with `waitpid`.
///
/// Not Foundation's `Process`: its `waitUntilExit` was seen never to return once a child
/// had left a daemon holding an inherited descriptor (`scripts/pg-temp`), it needs a
/// Dispatch worker (one per core here) to notice an exit, and it hands the child whatever
/// signal state the parent has. So every child starts as a shell would start it:
///
/// - every signal at its default action and none blocked: neither the test runner's
///   signal state nor the harness's ignored SIGINT/SIGTERM is passed on, and a test of
///   what a signal does sees what an operator would;
/// - none of our descriptors above 2 (glibc's closefrom action, and every descriptor made
///   here is close-on-exec): a child never holds another child's pipe open, so a reader
///   always sees EOF when its writer exits, and the parent's sockets do not count
///   against a child's own descriptor limit;
/// - standard input from /dev/null unless told otherwise.
///
/// Waiting never holds the lock while it blocks, so any thread may `poll()` or
/// `send(_:)` meanwhile; the async waits poll between short sleeps and hold no thread.
/// A child still running when its value is released is killed (SIGKILL) and reaped, and
/// its scratch folder (captured output) is removed.
///
/// Peak memory is not measured here: `posix_spawn`'s child runs in the parent's memory
/// until it execs, and Linux keeps that memory's high-water mark as the child's, so
/// `ru_maxrss` from `wait4` would report the parent's peak (a test runner's hundreds of
/// megabytes). Callers run the program under GNU time (`/usr/bin/time -f %M`), which
/// starts it from a small process of its own.
package final class ChildProcess: Sendable {
    /// Where the child's standard input comes from.
    package enum Input: Sendable {
        case null
        /// A pipe written with `writeStdin(_:)` and closed with `closeStdin()`.
        case pipe
        /// These bytes, from a file in the scratch folder: the child reads them at its own
        /// pace and nobody has to keep writing.
        case data(Data)
        /// This process's descriptor `fd` (e.g. a pseudo-terminal's far end).
        case descriptor(Int32)
    }

    /// Where the child's standard output or standard error goes.
    package enum Output: Sendable {
        /// This process's own descriptor (e.g. a build's progress on the console).
        case inherit
        case null
        case file(String)
        /// A file in the scratch folder, read back with `stdout` / `stderr` at any time,
        /// also while the child runs. A file, not a pipe: nobody has to keep reading it.
        case capture
        /// A pipe whose read end the parent keeps (`stdoutPipe`, `readAll()`,
        /// `readLine()`); standard output only, since a child blocked on a full second
        /// pipe while the parent waits on the first would never finish.
        case pipe
        /// A copy of the child's descriptor `fd` as arranged so far (standard output is
        /// arranged before standard error): `.descriptor(1)` for standard error merges it
        /// into standard output, `.descriptor(2)` for standard output sends it to our
        /// standard error.
        case descriptor(Int32)
    }

    /// How the child ended.
    package enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        /// As a shell reports it: the exit status, or 128 + the signal's number.
        package var code: Int32 {
            switch self {
            case .exited(let code): return code
            case .signaled(let signal): return 128 + signal
            }
        }

        package var description: String {
            switch self {
            case .exited(let code): return "exited with \(code)"
            case .signaled(let signal): return "killed by signal \(signal)"
            }
        }

        /// From a `waitpid` status (WIFEXITED and friends are macros Swift does not import).
        init(status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        }
    }

    /// What is learnt about the child after it started, under `state`'s lock.
    struct State {
        var termination: Termination?
        /// A blocking `wait()` is in `waitpid`: nobody else may reap meanwhile.
        var reaping = false
        /// The write end of standard input when it is `.pipe`, until closed; else -1.
        var stdin: Int32
    }

    package let pid: pid_t
    package let argv: [String]
    /// The read end of standard output when it is `.pipe`, else -1; closed on release.
    package let stdoutPipe: Int32
    /// The files of `.capture` outputs, nil for the other kinds.
    let stdoutFile: String?
    let stderrFile: String?
    /// Holds the captured output and the standard input's bytes; nil when neither is used.
    let scratch: URL?
    let state: Mutex<State>

    /// Starts `argv[0]` (a path, or a name looked up in PATH) with `argv`, with
    /// `environment` over a copy of ours, in `directory` (ours when nil).
    package init(
        _ argv: [String], stdin: Input = .null, stdout: Output = .null, stderr: Output = .null,
        environment: [String: String] = [:], directory: String? = nil
    ) throws {
        precondition(!argv.isEmpty, "no program to run")
        if case .pipe = stderr { preconditionFailure("only standard output can be a pipe") }
        self.argv = argv
        var scratch: URL?
        if Self.needsScratch(stdin, stdout, stderr) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            scratch = folder
        }
        self.scratch = scratch
        stdoutFile = Self.isCapture(stdout) ? scratch?.appendingPathComponent("stdout").path : nil
        stderrFile = Self.isCapture(stderr) ? scratch?.appendingPathComponent("stderr").path : nil
        let started: (pid: pid_t, stdin: Int32, stdout: Int32)
        do {
            started = try Self.spawn(
                argv, stdin: stdin, stdout: stdout, stderr: stderr, environment: environment, directory: directory,
                scratch: scratch, captureFiles: (stdoutFile, stderrFile))
        } catch {
            if let scratch { try? FileManager.default.removeItem(at: scratch) }
            throw error
        }
        pid = started.pid
        stdoutPipe = started.stdout
        state = Mutex(State(stdin: started.stdin))
    }

    deinit {
        if poll() == nil {
            Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
        closeStdin()
        if stdoutPipe >= 0 { close(stdoutPipe) }
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    private static func needsScratch(_ stdin: Input, _ stdout: Output, _ stderr: Output) -> Bool {
        if case .data = stdin { return true }
        return isCapture(stdout) || isCapture(stderr)
    }

    private static func isCapture(_ output: Output) -> Bool {
        if case .capture = output { return true }
        return false
    }
}
