import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildProcess {
    /// `posix_spawnp` with the streams arranged, every signal at its default and nothing
    /// of ours above descriptor 2. Returns the child's pid and the parent's ends of the
    /// pipes asked for (-1 for none); on failure every descriptor made here is closed.
    static func spawn(
        _ argv: [String], stdin: Input, stdout: Output, stderr: Output, environment: [String: String], directory: String?,
        scratch: URL?, captureFiles: (stdout: String?, stderr: String?)
    ) throws -> (pid: pid_t, stdin: Int32, stdout: Int32) {
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
        // The parent's ends are kept, the child's closed once it has its copies.
        var kept: (stdin: Int32, stdout: Int32) = (-1, -1)
        var childEnds: [Int32] = []
        defer { for fd in childEnds { close(fd) } }
        var spawned = false
        defer {
            if !spawned {
                if kept.stdin >= 0 { close(kept.stdin) }
                if kept.stdout >= 0 { close(kept.stdout) }
            }
        }

        switch stdin {
        case .null:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .pipe:
            let (read, write) = try makePipe()
            kept.stdin = write
            childEnds.append(read)
            posix_spawn_file_actions_adddup2(&actions, read, 0)
        case .data(let bytes):
            let path = scratch!.appendingPathComponent("stdin")
            try bytes.write(to: path)
            posix_spawn_file_actions_addopen(&actions, 0, path.path, O_RDONLY, 0)
        case .descriptor(let source):
            posix_spawn_file_actions_adddup2(&actions, source, 0)
        }
        for (fd, output, captureFile) in [(Int32(1), stdout, captureFiles.stdout), (Int32(2), stderr, captureFiles.stderr)] {
            switch output {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .capture:
                // Made now, so reading it before the child has written anything finds it empty.
                _ = FileManager.default.createFile(atPath: captureFile!, contents: nil)
                posix_spawn_file_actions_addopen(&actions, fd, captureFile!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .pipe:
                let (read, write) = try makePipe()
                kept.stdout = read
                childEnds.append(write)
                posix_spawn_file_actions_adddup2(&actions, write, fd)
            }
        }
        // glibc 2.34's closefrom action and 2.29's chdir action are GNU extensions, which
        // Swift's Glibc module does not import: looked up by name.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }
        if let directory {
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
                throw SpawnError("cannot start \(argv[0]) in \(directory): this C library cannot change directory in posix_spawn")
            }
            let rc = directory.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) }
            guard rc == 0 else { throw SpawnError("cannot start \(argv[0]) in \(directory): \(String(cString: strerror(rc)))") }
        }

        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { for pointer in cArgv + cEnv { free(pointer) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, argv[0], &actions, &attributes, cArgv, cEnv)
        guard rc == 0 else { throw SpawnError("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        spawned = true
        return (child, kept.stdin, kept.stdout)
    }

    /// A pipe with both ends close-on-exec (pipe2 is not imported): the child's copy made
    /// by dup2 is the only one it keeps.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SpawnError("pipe: \(String(cString: strerror(errno)))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}
