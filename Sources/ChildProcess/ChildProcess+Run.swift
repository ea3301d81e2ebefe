import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildProcess {
    /// A finished run: how it ended and what it printed, as text (a run whose output is
    /// not UTF-8 throws instead: repaired, it could hold what a test looks for).
    package struct Outcome: Sendable {
        package let termination: Termination
        package let stdout: String
        package let stderr: String

        /// As a shell reports it: the exit status, or 128 + the signal's number.
        package var status: Int32 { termination.code }
    }

    /// Runs `argv` to completion with both outputs captured (standard output discarded
    /// with `discardingStdout`, for a run that writes hundreds of megabytes), suspending
    /// while it runs: no thread waits for it.
    package static func run(
        _ argv: [String], stdin: Input = .null, discardingStdout: Bool = false, environment: [String: String] = [:],
        directory: String? = nil
    ) async throws -> Outcome {
        let child = try ChildProcess(
            argv, stdin: stdin, stdout: discardingStdout ? .null : .capture, stderr: .capture, environment: environment,
            directory: directory)
        return try child.outcome(try await child.waitForExit())
    }

    private func outcome(_ termination: Termination) throws -> Outcome {
        Outcome(
            termination: termination, stdout: try text(of: stdoutFile, "standard output"),
            stderr: try text(of: stderrFile, "standard error"))
    }

    /// Runs a command to completion (blocking) and returns its exit code and its output,
    /// standard error included, in the order written: e.g. `swift --version` or a wrk report.
    package static func capture(_ argv: [String]) throws -> (code: Int32, output: String) {
        let child = try ChildProcess(argv, stdout: .pipe, stderr: .descriptor(1))
        let output = String(decoding: child.readAll(), as: UTF8.self)
        return (child.wait().code, output)
    }

    /// The path of an executable on PATH, or nil (for tools a caller can do without).
    package static func find(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }
}
