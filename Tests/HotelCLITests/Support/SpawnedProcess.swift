import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child started with `posix_spawn`, every signal at its default action and none blocked.
///
/// Foundation's `Process` hands the child whatever signal state the test runner has, and
/// under the harness SIGTERM is not delivered the way it is from a shell; a test of what a
/// signal does must control that state itself. Output goes to files (never pipes a
/// concurrently spawned child could inherit); standard input is an optional pipe.
/// Waiting polls `waitpid(WNOHANG)` between sleeps, so no thread is ever blocked on it.
final class SpawnedProcess: @unchecked Sendable {
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): return "exited with \(code)"
            case .signaled(let signal): return "killed by signal \(signal)"
            }
        }
    }

    let pid: pid_t
    let directory: URL
    var stdoutURL: URL { directory.appendingPathComponent("stdout") }
    var stderrURL: URL { directory.appendingPathComponent("stderr") }
    private let lock = NSLock()
    private var stdinFD: Int32
    private var termination: Termination?

    /// Starts `executable` (a path, or a name looked up in PATH) with `arguments`.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], stdinPipe: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeFDs: [Int32] = [-1, -1]
        if stdinPipe {
            // Close-on-exec (pipe2 is not imported), so no other child keeps the write end
            // open; dup2 clears the flag on the child's fd 0 only.
            guard pipe(&pipeFDs) == 0 else { throw SpawnError("pipe: \(String(cString: strerror(errno)))") }
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, directory.appendingPathComponent("stdout").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, directory.appendingPathComponent("stderr").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else: the test runner's other descriptors (pipes and sockets of tests
        // running alongside) would count against a child's own limit (`prlimit` tests)
        // and keep those pipes open past their owner.
        // (glibc 2.34's closefrom action; Swift's Glibc module does not import it.)
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }

        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
        if stdinPipe { close(pipeFDs[0]) }
        guard rc == 0 else {
            if stdinPipe { close(pipeFDs[1]) }
            throw SpawnError("posix_spawn \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        stdinFD = pipeFDs[1]
    }

    deinit {
        if poll() == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        closeStdin()
        try? FileManager.default.removeItem(at: directory)
    }

    func send(_ signal: Int32) {
        if poll() == nil { kill(pid, signal) }
    }

    func writeStdin(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard stdinFD >= 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
    }

    func closeStdin() {
        lock.lock()
        defer { lock.unlock() }
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// The termination, if the child has ended (reaped at most once).
    func poll() -> Termination? {
        lock.lock()
        defer { lock.unlock() }
        if let termination { return termination }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return termination
    }

    /// Waits up to `timeout` seconds for the child to end; nil if it is still running.
    func wait(timeout: Double) async throws -> Termination? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let done = poll() { return done }
            try await Task.sleep(for: .milliseconds(20))
        }
        return poll()
    }

    /// Waits until standard output holds a line containing `text` (any line, for ""), and
    /// returns that line.
    func waitForLine(containing text: String, timeout: Double) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Looked at once more after the deadline: on a loaded machine the sleep below can
            // outlast it while the line has long been there.
            let late = Date() >= deadline
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // only complete lines
            if let line = lines.first(where: { text.isEmpty || $0.contains(text) }) { return String(line) }
            if poll() != nil, text.isEmpty || !stdout.contains(text) {
                throw SpawnError("the child ended (\(poll()!)) before printing \"\(text)\"; stderr: \(stderr)")
            }
            if late { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SpawnError("no line containing \"\(text)\" within \(timeout) s; stdout: \(stdout) stderr: \(stderr)")
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
