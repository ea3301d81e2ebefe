import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child started with `posix_spawn` and reaped with `waitpid`.
///
/// Not Foundation's `Process`: its `waitUntilExit` never returns when the child leaves a
/// daemon holding an inherited descriptor, and it needs a Dispatch worker (one per core
/// here) to notice the exit. Every descriptor we create is close-on-exec, so one child
/// never inherits another's pipe and a reader always sees EOF when its writer exits.
final class ChildProcess {
    enum Output {
        /// This process's own descriptor (e.g. a build's progress on the console).
        case inherit
        case null
        case file(String)
        /// A pipe whose read end the parent keeps (`stdoutPipe`); standard output only.
        case pipe
        /// A copy of the child's descriptor `fd` as arranged so far (standard output is
        /// arranged before standard error): `.descriptor(1)` for standard error merges it
        /// into standard output, `.descriptor(2)` for standard output sends it to our
        /// standard error.
        case descriptor(Int32)
    }

    let pid: pid_t
    let argv: [String]
    /// The read end of the child's standard output when it was spawned with `.pipe`.
    private(set) var stdoutPipe: Int32 = -1
    private var status: Int32?

    /// Starts `argv[0]` (looked up in PATH) with standard input from /dev/null.
    init(_ argv: [String], stdout: Output = .null, stderr: Output = .null, environment: [String: String] = [:]) throws {
        self.argv = argv
        if case .pipe = stderr { preconditionFailure("only standard output can be a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeFDs: [Int32] = [-1, -1]
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .pipe:
                guard pipe(&pipeFDs) == 0 else { throw BenchError("pipe: \(String(cString: strerror(errno)))") }
                // Close-on-exec on both ends: dup2 clears it on the child's copy only.
                for end in pipeFDs { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], fd)
            }
        }
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { for pointer in cArgv + cEnv { free(pointer) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, argv[0], &actions, nil, cArgv, cEnv)
        if pipeFDs[1] >= 0 { close(pipeFDs[1]) }
        guard rc == 0 else {
            if pipeFDs[0] >= 0 { close(pipeFDs[0]) }
            throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        pid = child
        stdoutPipe = pipeFDs[0]
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        if stdoutPipe >= 0 { close(stdoutPipe) }
    }

    /// Blocks until the child exits and returns its exit code (128 + n for signal n).
    /// Only ever called from the main thread, never from a pool thread.
    @discardableResult
    func wait() -> Int32 {
        if let status { return Self.exitCode(status) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        return Self.exitCode(raw)
    }

    /// The exit code if the child has ended, without blocking.
    func poll() -> Int32? {
        if let status { return Self.exitCode(status) }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        status = raw
        return Self.exitCode(raw)
    }

    /// Reads the piped standard output to EOF (the child closing it, normally by exiting).
    func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(stdoutPipe, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// The path of an executable on PATH, or nil (for tools the harness can do without).
    static func find(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// Runs a command to completion and returns its exit code and output (standard error
    /// included), e.g. `swift --version` or a wrk report.
    static func capture(_ argv: [String]) throws -> (code: Int32, output: String) {
        let child = try ChildProcess(argv, stdout: .pipe, stderr: .descriptor(1))
        let output = String(decoding: child.readAll(), as: UTF8.self)
        return (child.wait(), output)
    }

    /// Waits and throws unless the child exited 0.
    func check() throws {
        let code = wait()
        guard code == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited \(code)") }
    }

    /// SIGTERM (a server lets in-flight requests finish), then SIGKILL after `grace` seconds.
    func terminate(grace: Double = 10) {
        guard poll() == nil else { return }
        signal(SIGTERM)
        let deadline = Measure.now() + grace
        while poll() == nil && Measure.now() < deadline { usleep(20_000) }
        signal(SIGKILL)
        wait()
    }

    func signal(_ signal: Int32) {
        if poll() == nil { kill(pid, signal) }
    }

    // WIFEXITED and friends are macros Swift does not import.
    private static func exitCode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}
